/**
 * Both versions of a row two tablets changed (409 menu_conflict): the fields this tablet sent, as
 * it sent them and as they are stored now. "Keep theirs" drops this tablet's change (the catalogue
 * is already reloaded); "Apply mine again" sends the same change on top of their revision, queued
 * like any edit. See docs/decisions/0120-menu-editor-conflicts.md.
 */
import { Dialog } from '../../../components/dialog';
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
  const sent = (conflict.write.body ?? {}) as Record<string, unknown>;
  const rows = conflictRows(sent, conflict.details);
  return (
    <Dialog title="Someone else changed this meanwhile" onClose={onClose}>
      <p>
        {conflict.subject}: another tablet saved a change after you opened it. Your change was not applied. Compare the two versions and
        choose.
      </p>
      <table className="me-table">
        <caption className="visually-hidden">Your version and theirs</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Yours</th>
            <th scope="col">Theirs (saved)</th>
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
          Keep theirs
        </button>
        <button
          type="button"
          className="button"
          onClick={() => onApplyMine({ ...conflict.write, body: reapplyBody(sent, conflict.details) })}
        >
          Apply mine again
        </button>
      </div>
    </Dialog>
  );
}
