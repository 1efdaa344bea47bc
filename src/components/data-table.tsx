/**
 * A table of figures: a caption (optional), a header row of columns, a row per entry. With `head`,
 * an entry's first cell names its row (`<th scope="row">`); its cells follow. One component for the
 * manager's report tables and the menu import's preview.
 */
import type { ReactNode } from 'react';

export interface DataTableRow {
  key: string | number;
  head?: ReactNode;
  cells: readonly ReactNode[];
}

export function DataTable({
  caption,
  className,
  columns,
  rows,
}: {
  caption?: string;
  className: string;
  columns: readonly string[];
  rows: readonly DataTableRow[];
}) {
  return (
    <table className={className}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const offset = row.head === undefined ? 0 : 1;
          return (
            <tr key={row.key}>
              {row.head === undefined ? null : <th scope="row">{row.head}</th>}
              {row.cells.map((cell, index) => (
                <td key={columns[index + offset] ?? index}>{cell}</td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
