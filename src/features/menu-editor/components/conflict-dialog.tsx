/**
 * Both versions of a row two tablets changed (409 menu_conflict): the fields this tablet sent, as
 * it sent them and as they are stored now. "Keep theirs" drops this tablet's change (the catalogue
 * is already reloaded); "Apply mine again" sends the same change on top of their revision, queued
 * like any edit. See docs/decisions/0120-menu-editor-conflicts.md.
 */
import { Dialog } from '../../../components/dialog';
import { useLocale, useT } from '../../../lib/i18n';
import type { MenuWrite } from '../menu-writes';
import { conflictRows, reapplyBody } from '../conflict';
import type { OpenConflict } from '../hooks/use-menu-writes';

export function ConflictDialog({
  conflict,
  onClose,
  onApplyMine,
}: {
  conflict: OpenConflict;
  onClose(): void;
  onApplyMine(write: MenuWrite): void;
}) {
  const t = useT();
  const locale = useLocale();
  const sent = (conflict.write.body ?? {}) as Record<string, unknown>;
  const rows = conflictRows(sent, conflict.details, { t, locale });
  return (
    <Dialog title={t('menu-editor.conflict.title')} onClose={onClose} closeLabel={t('menu-editor.close')}>
      <p>{t('menu-editor.conflict.explanation', { subject: conflict.subject })}</p>
      <table className="me-table">
        <caption className="visually-hidden">{t('menu-editor.conflict.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('menu-editor.conflict.field')}</th>
            <th scope="col">{t('menu-editor.conflict.yours')}</th>
            <th scope="col">{t('menu-editor.conflict.theirs')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field}>
              <th scope="row">{row.label}</th>
              <td>{row.mine}</td>
              <td>{row.theirs}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="admin-actions">
        <button type="button" className="button button--outline" onClick={onClose} data-autofocus>
          {t('menu-editor.conflict.keepTheirs')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => onApplyMine({ ...conflict.write, body: reapplyBody(sent, conflict.details) })}
        >
          {t('menu-editor.conflict.applyMine')}
        </button>
      </div>
    </Dialog>
  );
}
