/**
 * Money is integer bani (1 leu = 100 bani) everywhere: in the store, on the wire and in domain rules.
 * Floats only appear at the edges (seed data written in lei, display strings).
 */
import type { Locale } from './i18n/locales';
import { DEFAULT_LOCALE, perLocale } from './i18n/locales';

export type Bani = number & { readonly __unit: 'bani' };

export const BANI_PER_LEU = 100;

/** Guard: a finite, safe, non-negative integer amount of bani. */
export function isBani(value: unknown): value is Bani {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

export function asBani(value: number): Bani {
  if (!isBani(value)) throw new RangeError(`Not an amount of bani: ${String(value)}`);
  return value;
}

/** 37.99 lei -> 3799 bani, rounding half away from zero so 5.5 -> 550 exactly. */
export function leiToBani(lei: number): Bani {
  return asBani(Math.round(lei * BANI_PER_LEU));
}

export function addBani(...amounts: Bani[]): Bani {
  return asBani(amounts.reduce<number>((sum, amount) => sum + amount, 0));
}

export function multiplyBani(amount: Bani, times: number): Bani {
  return asBani(amount * times);
}

/** "64.00" — the two-decimal number without a currency word. */
export function formatBaniDecimal(amount: Bani): string {
  const lei = Math.trunc(amount / BANI_PER_LEU);
  const bani = amount % BANI_PER_LEU;
  return `${lei}.${String(bani).padStart(2, '0')}`;
}

/**
 * Per language, the number formats of lei; grouping from five digits on ("1234.50", "12,345.60"),
 * as prices are written here, so every menu price reads as a plain number.
 */
const leiNumberFormat = perLocale(
  (tag) => new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'min2' }),
);

/** "64.00 lei" in English, "64,00 lei" in Romanian (issue 23) — how prices read on the menu cards, the cart and the messages. */
export function formatLei(amount: Bani, locale: Locale = DEFAULT_LOCALE): string {
  return `${leiNumberFormat(locale).format(amount / BANI_PER_LEU)} lei`;
}
