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
import type { Translate } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import { useErrorHandler } from '../../../lib/use-error-handler';
import type { ImportPreview } from '../../../shared/schemas/menu-editor';
import { CATALOGUE_EXPORT_PATH, sendImport } from '../api/catalogue-api';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import { catalogueKeys } from '../api/catalogue-api';
import { problemMessage } from '../problems';

/** The contract's upload limit for a CSV body. */
const BYTES_PER_MB = 1024 * 1024;
const CSV_MAX_BYTES = 2 * BYTES_PER_MB;
/** The answer of an import refused for its rows (400): the preview with every row's problems. */
const IMPORT_INVALID_CODE = 'import_invalid';

export function CsvView() {
  const id = useId();
  const t = useT();
  const { describeError } = useErrorHandler();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const failed = (error: unknown) => {
    if (error instanceof ApiRequestError) {
      // import_invalid carries the preview with the row errors.
      const details = error.details as ImportPreview | undefined;
      const rowErrors = details && Array.isArray(details.errors) ? details.errors : null;
      setProblem(
        error.code === IMPORT_INVALID_CODE && rowErrors
          ? t('menu-editor.csv.invalid', { count: rowErrors.length })
          : describeError(error).message,
      );
      if (details && rowErrors) setPreview(details);
    } else setProblem(t('menu-editor.csv.offline'));
  };

  const onFile = async (file: File | undefined) => {
    setPreview(null);
    setProblem(null);
    if (!file) return;
    if (file.size > CSV_MAX_BYTES) {
      setProblem(t('menu-editor.csv.tooLarge', { megabytes: CSV_MAX_BYTES / BYTES_PER_MB }));
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
      notify({
        type: 'success',
        title: t('menu-editor.csv.imported'),
        message: t('menu-editor.csv.importedCounts', { created: applied.created.length, updated: applied.updated.length }),
      });
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
          {t('menu-editor.csv.exportTitle')}
        </h2>
        <p className="admin-muted">{t('menu-editor.csv.exportHint')}</p>
        <a className="button" href={CATALOGUE_EXPORT_PATH} download="menu.csv">
          {t('menu-editor.csv.download')}
        </a>
      </section>
      <section className="admin-card" aria-labelledby="me-import-title">
        <h2 id="me-import-title" className="me-pane__title">
          {t('menu-editor.csv.importTitle')}
        </h2>
        <p className="admin-muted">{t('menu-editor.csv.importHint')}</p>
        <div className="field">
          <label htmlFor={`${id}-file`}>{t('menu-editor.csv.file')}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
            }}
          />
        </div>
        {busy ? <p role="status">{t('menu-editor.csv.reading')}</p> : null}
        {problem ? (
          <p className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        {preview ? <ImportPreviewTables preview={preview} /> : null}
        {preview ? (
          <div className="admin-actions">
            <button type="button" className="button" disabled={busy || preview.errors.length > 0 || !csv} onClick={() => void onApply()}>
              {t('menu-editor.csv.apply')}
            </button>
            {preview.errors.length > 0 ? <p className="admin-muted">{t('menu-editor.csv.fixErrors')}</p> : null}
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

/** The report's pseudo-columns (a problem of the whole row, file or header); the others are the file's own column names. */
const PSEUDO_COLUMNS = {
  row: 'menu-editor.csv.wholeRow',
  file: 'menu-editor.csv.wholeFile',
  header: 'menu-editor.csv.header',
} as const;

function columnName(field: string, t: Translate): string {
  return field in PSEUDO_COLUMNS ? t(PSEUDO_COLUMNS[field as keyof typeof PSEUDO_COLUMNS]) : field;
}

function ImportPreviewTables({ preview }: { preview: ImportPreview }) {
  const t = useT();
  const say = (text: string) => {
    const problem = problemMessage(text);
    return t(problem.id, problem.values);
  };
  return (
    <div className="me-import" aria-label={t('menu-editor.csv.preview')} role="region">
      <p role="status">
        {t('menu-editor.csv.summary', {
          created: preview.created.length,
          updated: preview.updated.length,
          unchanged: preview.unchanged,
          errors: preview.errors.length,
        })}
      </p>
      <PreviewTable
        caption={t('menu-editor.csv.errors')}
        className="me-table me-table--errors"
        columns={[t('menu-editor.csv.row'), t('menu-editor.csv.column'), t('menu-editor.csv.problem')]}
        rows={preview.errors.map((error, index) => ({ key: index, cells: [error.row, columnName(error.field, t), say(error.message)] }))}
      />
      <PreviewTable
        caption={t('menu-editor.csv.created')}
        columns={[t('menu-editor.csv.row'), t('menu-editor.csv.name'), t('menu-editor.csv.category')]}
        rows={preview.created.map((row) => ({ key: row.row, cells: [row.row, row.name, row.category] }))}
      />
      <PreviewTable
        caption={t('menu-editor.csv.updated')}
        columns={[t('menu-editor.csv.row'), t('menu-editor.csv.dish'), t('menu-editor.csv.changes')]}
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
