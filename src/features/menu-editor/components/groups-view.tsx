/**
 * Option groups (issue 18): one group ("Sos", "Garnitură") is shared by every dish that offers it;
 * dishes pick their groups in the dish form. Create, edit (options, prices, defaults, allergens,
 * min/max, required, the options' order) and delete, queued like every menu change.
 */
import { useState } from 'react';

import { useLocale, useT } from '../../../lib/i18n';
import type { EditorCatalogue } from '../../../shared/schemas/menu-editor';
import { cataloguePaths } from '../api/catalogue-api';
import { optionPriceLabel } from '../group-form';
import type { MenuWrites } from '../hooks/use-menu-writes';
import { GroupDialog } from './group-dialog';

export function GroupsView({ catalogue, writes }: { catalogue: EditorCatalogue; writes: MenuWrites }) {
  const t = useT();
  const locale = useLocale();
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  return (
    <section className="admin-card" aria-labelledby="me-groups-title">
      <div className="me-pane__header">
        <h2 id="me-groups-title" className="me-pane__title">
          {t('menu-editor.groups.title')}
        </h2>
        <button type="button" className="button" onClick={() => setEditing({ id: null })}>
          {t('menu-editor.groups.new')}
        </button>
      </div>
      {catalogue.groups.length === 0 ? <p className="admin-muted">{t('menu-editor.groups.empty')}</p> : null}
      <ul className="me-list" aria-label={t('menu-editor.groups.title')}>
        {catalogue.groups.map((group) => (
          <li key={group.id} className="me-list__row">
            <div className="me-row">
              <div className="me-row__main me-row__main--static">
                <span className="me-row__name">{group.name}</span>
                <span className="me-row__meta">
                  {t('menu-editor.groups.rules', {
                    required: group.isRequired ? 'yes' : 'no',
                    min: group.minSelections,
                    max: group.maxSelections,
                    dishes: group.dishCount,
                  })}
                </span>
                <span className="me-row__meta">
                  {group.options.map((option) => `${option.name} (${optionPriceLabel(option.priceBani, { t, locale })})`).join(', ')}
                </span>
              </div>
              <button
                type="button"
                className="button button--outline me-row__edit"
                aria-label={t('menu-editor.groups.edit', { name: group.name })}
                onClick={() => setEditing({ id: group.id })}
              >
                {t('menu-editor.edit')}
              </button>
              <button
                type="button"
                className="button button--outline me-row__edit me-danger"
                aria-label={t('menu-editor.groups.delete', { name: group.name })}
                onClick={() => setDeleting(group.id)}
              >
                {t('menu-editor.delete')}
              </button>
            </div>
            {deleting === group.id ? (
              <div className="me-confirm" role="alert">
                <p>
                  {t('menu-editor.groups.deleteQuestion', { name: group.name })}{' '}
                  {group.dishCount > 0 ? t('menu-editor.groups.deleteEffect', { count: group.dishCount }) : ''}
                </p>
                <div className="admin-actions">
                  <button
                    type="button"
                    className="button me-danger-solid"
                    onClick={() => {
                      setDeleting(null);
                      void writes.send(
                        {
                          label: t('menu-editor.write.deleteGroup', { name: group.name }),
                          method: 'DELETE',
                          path: cataloguePaths.group(group.id),
                        },
                        {
                          savedMessage: t('menu-editor.write.groupDeleted', { name: group.name }),
                          optimistic: (current) => ({ ...current, groups: current.groups.filter((g) => g.id !== group.id) }),
                        },
                      );
                    }}
                  >
                    {t('menu-editor.yesDelete')}
                  </button>
                  <button type="button" className="button button--outline" onClick={() => setDeleting(null)}>
                    {t('menu-editor.keepIt')}
                  </button>
                </div>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {editing ? (
        <GroupDialog
          group={editing.id === null ? null : (catalogue.groups.find((g) => g.id === editing.id) ?? null)}
          writes={writes}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
