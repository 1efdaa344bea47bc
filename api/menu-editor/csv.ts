/**
 * The menu as CSV (issue 18, docs/decisions/0114-menu-csv-format.md): one row per dish, the columns
 * of CSV_COLUMNS, UTF-8 with a byte-order mark so Excel opens "ă, î, ș, ț" right, prices in lei
 * with a dot or a comma, lists separated by "|". Parsing (csv-parse) and writing (csv-stringify)
 * are the libraries'; this file maps cells to the editor's fields and says which row is wrong.
 * Pure: ./import.ts compares the rows with the store.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

import type { EditorCatalogue } from '../../src/shared/schemas/menu-editor';

export const CSV_COLUMNS = [
  'id',
  'category',
  'name',
  'description',
  'unit',
  'price_lei',
  'sold_out',
  'hidden',
  'allergens',
  'may_contain',
  'dietary_tags',
] as const;
/**
 * Issue 23: the English beside the name and the description, written last on export and optional on
 * import: a file without them (written before them, or by hand) leaves the dishes' English as it is.
 */
export const ENGLISH_CSV_COLUMNS = ['name_en', 'description_en'] as const;
type RequiredColumn = (typeof CSV_COLUMNS)[number];
type EnglishColumn = (typeof ENGLISH_CSV_COLUMNS)[number];
export type CsvColumn = RequiredColumn | EnglishColumn;

/** The import's body limit: a 500-dish menu is about 100 KB. */
export const CSV_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const CSV_CONTENT_TYPE = /^text\/csv\b/i;
const BYTE_ORDER_MARK = '\uFEFF';
const LIST_SEPARATOR = '|';
const BANI_PER_LEU = 100;

export interface CsvRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  cells: Record<RequiredColumn, string> & Partial<Record<EnglishColumn, string>>;
}

export interface CsvRowError {
  row: number;
  field: string;
  message: string;
}

export function exportCsv(catalogue: Pick<EditorCatalogue, 'categories' | 'dishes'>): string {
  const dishesById = new Map(catalogue.dishes.map((dish) => [dish.id, dish]));
  const records = catalogue.categories.flatMap((category) =>
    category.dishIds.flatMap((id) => {
      const dish = dishesById.get(id);
      if (!dish) return [];
      return [
        [
          String(dish.id),
          category.name,
          dish.name,
          dish.description ?? '',
          dish.unit,
          (dish.priceBani / BANI_PER_LEU).toFixed(2),
          dish.soldOut ? 'yes' : 'no',
          dish.hidden ? 'yes' : 'no',
          dish.allergens.join(LIST_SEPARATOR),
          dish.mayContain ?? '',
          dish.dietaryTags.join(LIST_SEPARATOR),
          dish.nameEn ?? '',
          dish.descriptionEn ?? '',
        ],
      ];
    }),
  );
  // CRLF: what Excel writes and RFC 4180 names.
  return BYTE_ORDER_MARK + stringify([[...CSV_COLUMNS, ...ENGLISH_CSV_COLUMNS], ...records], { record_delimiter: 'windows' });
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
}

/** How many line breaks a record's cells hold: a quoted cell may span lines. */
function lineBreaksIn(cells: readonly string[]): number {
  return cells.reduce((count, cell) => count + (cell.match(/\n/g)?.length ?? 0), 0);
}

/**
 * The data rows with their row numbers, or the errors that make the file unreadable as a whole
 * (a header that is not ours, an unclosed quote) and per row (a wrong number of cells).
 */
export function parseMenuCsv(text: string): { rows: CsvRow[]; errors: CsvRowError[] } {
  let records: ParsedRecord[];
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as ParsedRecord[];
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as { lines: number }).lines : 1;
    const reason = error instanceof Error ? error.message.replace(/^[^:]*:\s*/, '') : 'unreadable';
    return { rows: [], errors: [{ row: Math.max(1, line), field: 'file', message: `The file cannot be read as CSV: ${reason}` }] };
  }
  const [header, ...data] = records;
  if (!header) return { rows: [], errors: [{ row: 1, field: 'file', message: 'The file is empty.' }] };
  const names = header.record.map((cell) => cell.trim().toLowerCase());
  const missing = CSV_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) {
    return {
      rows: [],
      errors: [
        {
          row: 1,
          field: 'header',
          message: `The header must name the columns ${CSV_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
        },
      ],
    };
  }
  const rows: CsvRow[] = [];
  const errors: CsvRowError[] = [];
  for (const { record, info } of data) {
    const row = info.lines - lineBreaksIn(record);
    if (record.length !== names.length) {
      errors.push({ row, field: 'row', message: `This row has ${record.length} cells; the header has ${names.length}.` });
      continue;
    }
    const present = [...CSV_COLUMNS, ...ENGLISH_CSV_COLUMNS].filter((column) => names.includes(column));
    const cells = Object.fromEntries(present.map((column) => [column, (record[names.indexOf(column)] ?? '').trim()])) as CsvRow['cells'];
    rows.push({ row, cells });
  }
  if (rows.length === 0 && errors.length === 0) errors.push({ row: 1, field: 'file', message: 'The file has no dishes.' });
  return { rows, errors };
}

/** "24.50", "24,5", "24" lei -> bani; null when it is not an amount with at most two decimals. */
export function baniOfLeiText(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.replace(/\s*lei$/i, '').trim());
  if (!match) return null;
  return Number(match[1]) * BANI_PER_LEU + Number((match[2] ?? '').padEnd(2, '0'));
}

/** yes/no in the words a manager types (Romanian too); null when it is neither. */
export function flagOfText(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (['', 'no', 'nu', 'false', '0', 'n'].includes(value)) return false;
  if (['yes', 'da', 'true', '1', 'y', 'x'].includes(value)) return true;
  return null;
}

export function listOfText(text: string): string[] {
  return text
    .split(LIST_SEPARATOR)
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item.length > 0);
}
