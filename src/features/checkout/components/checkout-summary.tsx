/**
 * The order summary column of checkout: lines (dishes and options in the screen's language, as the
 * cart names them), subtotal, delivery fee, taxes (only when above 0), total, minimum order.
 */
import { useLineNames } from '../../../components/line-names';
import type { CartLineRow } from '../../../db/app-db';
import { useLocale, useT } from '../../../lib/i18n';
import { cartLineTotalBani } from '../../../shared/domain/cart';
import { formatWeight } from '../../../shared/domain/weight-pricing';
import type { Bani } from '../../../shared/money';
import { formatLei } from '../../../shared/money';
import type { FulfilmentType } from '../../../shared/schemas/order';
import type { CheckoutTotals } from '../domain/checkout-rules';

export function CheckoutSummary({
  lines,
  totals,
  fulfilment,
  feeLine = null,
  scheduledText = null,
  feePending = false,
}: {
  lines: readonly CartLineRow[];
  totals: CheckoutTotals;
  fulfilment: FulfilmentType;
  /** Issue 22: how the delivery fee comes about ("Free above 120.00 lei: add 14.50 lei"), describeDeliveryFee's line. */
  feeLine?: string | null;
  /** Issue 22: "Scheduled for Mon 23 Nov, 13:00" when a slot is chosen. */
  scheduledText?: string | null;
  /** Issue 22: no kitchen answer for the address yet (loading, offline): the fee is the server's to decide. */
  feePending?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const names = useLineNames();
  const lei = (bani: Bani) => formatLei(bani, locale);
  return (
    <section className="checkout-section checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-section__title">
        {t('checkout.summary.title')}
      </h2>
      <ul className="checkout-summary__lines">
        {lines.map((line) => (
          <li key={line.id} className="checkout-summary__line">
            <span className="checkout-summary__qty">{line.quantity} ×</span>
            <span className="checkout-summary__name">
              {names.dish(line)}
              {line.weightGrams !== undefined ? (
                <span className="checkout-summary__mods">{formatWeight(line.weightGrams, locale)}</span>
              ) : null}
              {line.selectedModifiers.length > 0 ? (
                <span className="checkout-summary__mods">{line.selectedModifiers.map(names.option).join(', ')}</span>
              ) : null}
              {line.specialInstructions ? (
                <span className="checkout-summary__mods">{t('checkout.summary.note', { note: line.specialInstructions })}</span>
              ) : null}
            </span>
            <span className="checkout-summary__price">{lei(cartLineTotalBani(line))}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-summary__totals">
        <div>
          <dt>{t('checkout.summary.subtotal')}</dt>
          <dd>{lei(totals.subtotalBani)}</dd>
        </div>
        {fulfilment === 'delivery' ? (
          <div className={feeLine ? 'checkout-summary__fee' : undefined}>
            <dt>{t('checkout.summary.deliveryFee')}</dt>
            <dd>
              {feePending
                ? t('checkout.summary.feeByKitchen')
                : totals.deliveryFeeBani > 0
                  ? lei(totals.deliveryFeeBani)
                  : t('checkout.summary.free')}
            </dd>
            {feeLine ? (
              <dd className="checkout-summary__fee-line" data-testid="checkout-fee-line">
                {feeLine}
              </dd>
            ) : null}
          </div>
        ) : null}
        {totals.taxBani > 0 ? (
          <div>
            <dt>{t('checkout.summary.taxes')}</dt>
            <dd>{lei(totals.taxBani)}</dd>
          </div>
        ) : null}
        <div className="checkout-summary__total">
          <dt>{t('checkout.summary.total')}</dt>
          <dd>{lei(totals.totalBani)}</dd>
        </div>
      </dl>
      {scheduledText ? (
        <p className="checkout-summary__scheduled" data-testid="checkout-scheduled">
          {scheduledText}
        </p>
      ) : null}
      {totals.minimumOrderBani > 0 ? (
        <p className={`checkout-summary__minimum${totals.shortOfMinimumBani > 0 ? ' checkout-summary__minimum--short' : ''}`}>
          {totals.shortOfMinimumBani > 0
            ? t('checkout.summary.minimumShort', { minimum: lei(totals.minimumOrderBani), missing: lei(totals.shortOfMinimumBani) })
            : t('checkout.summary.minimum', { minimum: lei(totals.minimumOrderBani) })}
        </p>
      ) : null}
    </section>
  );
}
