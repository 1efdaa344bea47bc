/** The bottom cart bar's words (issue 27: "3 items · 71.80 lei"), in the screen's language. */
import type { Translate } from '../../lib/i18n';
import type { Locale } from '../../shared/i18n/locales';
import { asBani, formatLei } from '../../shared/money';

/** "3 items · 71.80 lei" ("3 produse · 71,80 lei"): units and the cart's total at the device's prices. */
export function cartBarSummaryText(t: Translate, locale: Locale, count: number, totalBani: number): string {
  return t('cart.bar.summary', { count, total: formatLei(asBani(totalBani), locale) });
}
