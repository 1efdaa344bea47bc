/**
 * Option groups (issue 18): one group ("Sos", "Garnitură") is shared by every dish that offers it;
 * dishes pick their groups in the dish form. Create, edit (options, prices, defaults, allergens,
 * min/max, required, the options' order) and delete, queued like every menu change.
 */
import { useState } from 'react';

import type { EditorCatalogue } from '../../../shared/schemas/menu-editor';
import { cataloguePaths } from '../api/catalogue-api';
import { optionPriceLabel } from '../group-form';
import type { MenuWrites } from '../hooks/use-menu-writes';
import { GroupDialog } from './group-dialog';

export function GroupsView({ catalogue, writes }: { catalogue: EditorCatalogue; writes: MenuWrites }) {
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  return (
    <section className="admin-card" aria-labelledby="me-groups-title">
      <div className="me-pane__header">
        <h2 id="me-groups-title" className="me-pane__title">
          Option groups
        </h2>
        <button type="button" className="button" onClick={() => setEditing({ id: null })}>
          New option group
        </button>
      </div>
      {catalogue.groups.length === 0 ? (
        <p className="admin-muted">No option groups yet, e.g. “Sauce” with the sauces to choose from.</p>
      ) : null}
      <ul className="me-list" aria-label="Option groups">
        {catalogue.groups.map((group) => (
          <li key={group.id} className="me-list__row">
            <div className="me-row">
              <div className="me-row__main me-row__main--static">
                <span className="me-row__name">{group.name}</span>
                <span className="me-row__meta">
                  {group.isRequired ? 'Required' : 'Optional'}, choose {group.minSelections}–{group.maxSelections} ·{' '}
                  {group.dishCount === 1 ? 'offered with 1 dish' : `offered with ${group.dishCount} dishes`}
                </span>
                <span className="me-row__meta">
                  {group.options.map((option) => `${option.name} (${optionPriceLabel(option.priceBani)})`).join(', ')}
                </span>
              </div>
              <button
                type="button"
                className="button button--outline me-row__edit"
                aria-label={`Edit group ${group.name}`}
                onClick={() => setEditing({ id: group.id })}
              >
                Edit
              </button>
              <button
                type="button"
                className="button button--outline me-row__edit me-danger"
                aria-label={`Delete group ${group.name}`}
                onClick={() => setDeleting(group.id)}
              >
                Delete
              </button>
            </div>
            {deleting === group.id ? (
              <div className="me-confirm" role="alert">
                <p>
                  Delete the group “{group.name}”?{' '}
                  {group.dishCount > 0
                    ? `${group.dishCount === 1 ? 'One dish' : `${group.dishCount} dishes`} will no longer offer it.`
                    : ''}
                </p>
                <div className="admin-actions">
                  <button
                    type="button"
                    className="button me-danger-solid"
                    onClick={() => {
                      setDeleting(null);
                      void writes.send(
                        { label: `Delete group “${group.name}”`, method: 'DELETE', path: cataloguePaths.group(group.id) },
                        {
                          savedMessage: `Group “${group.name}” deleted`,
                          optimistic: (current) => ({ ...current, groups: current.groups.filter((g) => g.id !== group.id) }),
                        },
                      );
                    }}
                  >
                    Yes, delete
                  </button>
                  <button type="button" className="button button--outline" onClick={() => setDeleting(null)}>
                    Keep it
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
