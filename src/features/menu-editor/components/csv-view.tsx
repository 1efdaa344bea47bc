/**
 * The whole menu as CSV (issue 18): export downloads it (UTF-8 with BOM, so Excel reads the
 * diacritics); import reads a file, shows the server's preview (created, updated with before →
 * after, errors with their row numbers) and applies it only when the whole file is valid. Both need
 * the network: the preview is the server's reading of the file as the menu stands now.
 */
import type { ComponentProps } from 'react';
import { useId, useState } from 'react';

import { DataTable } from '../../../components/data-table';
import { ApiRequestError } from '../../../lib/api-fetch';
import type { ImportPreview } from '../../../shared/schemas/menu-editor';
import { CATALOGUE_EXPORT_PATH, sendImport } from '../api/catalogue-api';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import { catalogueKeys } from '../api/catalogue-api';

/** The contract's upload limit for a CSV body. */
const CSV_MAX_BYTES = 2 * 1024 * 1024;

export function CsvView() {
  const id = useId();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const failed = (error: unknown) => {
    if (error instanceof ApiRequestError) {
      setProblem(error.message);
      // import_invalid carries the preview with the row errors.
      const details = error.details as ImportPreview | undefined;
      if (details && Array.isArray(details.errors)) setPreview(details);
    } else setProblem('Importing needs a connection. Try again when you are online.');
  };

  const onFile = async (file: File | undefined) => {
    setPreview(null);
    setProblem(null);
    if (!file) return;
    if (file.size > CSV_MAX_BYTES) {
      setProblem('The file is larger than 2 MB.');
      return;
    }
    const text = await file.text();
    setCsv({ name: file.name, text });
    setBusy(true);
    try {
      setPreview(await sendImport(text, false));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const onApply = async () => {
    if (!csv) return;
    setBusy(true);
    try {
      const applied = await sendImport(csv.text, true);
      notify({ type: 'success', title: 'Menu imported', message: `${applied.created.length} created, ${applied.updated.length} updated` });
      setPreview(null);
      setCsv(null);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <section className="admin-card" aria-labelledby="me-export-title">
        <h2 id="me-export-title" className="me-pane__title">
          Export
        </h2>
        <p className="admin-muted">The whole menu as a spreadsheet (CSV). Edit it in Excel or LibreOffice and import it back below.</p>
        <a className="button" href={CATALOGUE_EXPORT_PATH} download="menu.csv">
          Download menu CSV
        </a>
      </section>
      <section className="admin-card" aria-labelledby="me-import-title">
        <h2 id="me-import-title" className="me-pane__title">
          Import
        </h2>
        <p className="admin-muted">
          Rows with an id update that dish; rows without one create a dish. Nothing changes unless the whole file is valid.
        </p>
        <div className="field">
          <label htmlFor={`${id}-file`}>CSV file</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
            }}
          />
        </div>
        {busy ? <p role="status">Reading the file...</p> : null}
        {problem ? (
          <p className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        {preview ? <ImportPreviewTables preview={preview} /> : null}
        {preview ? (
          <div className="admin-actions">
            <button type="button" className="button" disabled={busy || preview.errors.length > 0 || !csv} onClick={() => void onApply()}>
              Apply import
            </button>
            {preview.errors.length > 0 ? <p className="admin-muted">Fix the errors in the file and choose it again.</p> : null}
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** One of the preview's tables; no entries, no table. */
function PreviewTable({ className = 'me-table', ...table }: Omit<ComponentProps<typeof DataTable>, 'className'> & { className?: string }) {
  return table.rows.length === 0 ? null : <DataTable className={className} {...table} />;
}

function ImportPreviewTables({ preview }: { preview: ImportPreview }) {
  return (
    <div className="me-import" aria-label="Import preview" role="region">
      <p role="status">
        {preview.created.length} to create, {preview.updated.length} to update, {preview.unchanged} unchanged, {preview.errors.length}{' '}
        {preview.errors.length === 1 ? 'error' : 'errors'}.
      </p>
      <PreviewTable
        caption="Errors"
        className="me-table me-table--errors"
        columns={['Row', 'Column', 'Problem']}
        rows={preview.errors.map((error, index) => ({ key: index, cells: [error.row, error.field, error.message] }))}
      />
      <PreviewTable
        caption="New dishes"
        columns={['Row', 'Name', 'Category']}
        rows={preview.created.map((row) => ({ key: row.row, cells: [row.row, row.name, row.category] }))}
      />
      <PreviewTable
        caption="Changed dishes"
        columns={['Row', 'Dish', 'Changes']}
        rows={preview.updated.map((row) => ({
          key: row.row,
          cells: [
            row.row,
            row.name,
            <ul key="changes" className="me-changes">
              {row.changes.map((change) => (
                <li key={change.field}>
                  {change.field}: {change.before || '—'} → {change.after || '—'}
                </li>
              ))}
            </ul>,
          ],
        }))}
      />
    </div>
  );
}
