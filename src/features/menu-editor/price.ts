/**
 * Prices in the editor: typed in lei with at most two decimals ("37.50", "37,5", "37"), sent as
 * integer bani. This is the one place the menu editor turns typed lei into bani
 * (docs/decisions/0119-menu-editor-client-writes.md); the server validates the bani again.
 */
import type { Bani } from '../../shared/money';
import { BANI_PER_LEU, formatBaniDecimal } from '../../shared/money';
import type { Locale } from '../../shared/i18n/locales';
import { DEFAULT_LOCALE } from '../../shared/i18n/locales';

/** The largest price the contract accepts (baniSchema's maximum), in bani. */
const MAX_PRICE_BANI = 100_000_000;

/** "7.50" / "7,5" / "7" lei -> 750 bani; null when it is not a non-negative amount with at most two decimals. */
export function parseLeiToBani(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  const match = /^(\d{1,7})(?:\.(\d{0,2}))?$/.exec(normalised);
  if (!match) return null;
  // Whole lei and bani apart: no float arithmetic ("0.29" * 100 is 28.999…).
  const bani = Number(match[1]) * BANI_PER_LEU + Number((match[2] ?? '').padEnd(2, '0'));
  return bani <= MAX_PRICE_BANI ? bani : null;
}

/** 3750 -> "37.50" ("37,50" in Romanian, as Romanians type it): what a price field shows for a stored price. */
export function baniToLeiText(bani: number, locale: Locale = DEFAULT_LOCALE): string {
  const text = formatBaniDecimal(bani as Bani);
  return locale === 'ro' ? text.replace('.', ',') : text;
}

/** A signed amount in lei for the bulk change ("-2.5" lowers every price by 2.50 lei). */
export function parseSignedLeiToBani(text: string): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const unsigned = parseLeiToBani(negative || trimmed.startsWith('+') ? trimmed.slice(1) : trimmed);
  if (unsigned === null) return null;
  return negative ? -unsigned : unsigned;
}
