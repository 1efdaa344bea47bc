/** One benchmark row as printed and written to bench/results.json. */
export interface Row {
  id: string;
  figure: string;
  target: string;
  pass: boolean | null;
  hard: boolean;
  raw: Record<string, unknown>;
}
