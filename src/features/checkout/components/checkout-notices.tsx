/** The small pieces of the checkout screen that render straight from its state: notices, notes and the action bar. */
import { useLineNames } from '../../../components/line-names';
import { Spinner } from '../../../components/skeleton';
import type { MessageId } from '../../../lib/i18n';
import { useLocale, useT } from '../../../lib/i18n';
import { asBani, formatLei } from '../../../shared/money';
import type { PriceChange } from '../../../shared/schemas/order';

export const LOAD_ERROR_TEXT: MessageId = 'checkout.load.failed';

/** The restaurant settings could not be read (nor found on the device), or are still on their way. */
export function CheckoutLoadState({ failed, onRetry }: { failed: boolean; onRetry(): void }) {
  const t = useT();
  if (failed)
    return (
      <section className="checkout-state" role="alert">
        <h1>{t('checkout.title')}</h1>
        <p>{t(LOAD_ERROR_TEXT)}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t('checkout.load.retry')}
        </button>
      </section>
    );
  return (
    <section className="checkout-state">
      <h1 className="visually-hidden">{t('checkout.title')}</h1>
      <Spinner label={t('checkout.load.loading')} />
    </section>
  );
}

/** The server refused for changed prices: what moved (dishes named as the cart names them), the new total, and the one way on. */
export function PriceChangeNotice({ priceChange, onAccept }: { priceChange: PriceChange; onAccept(): void }) {
  const t = useT();
  const locale = useLocale();
  const names = useLineNames();
  const lei = (bani: number | null) => (bani === null ? '?' : formatLei(asBani(bani), locale));
  return (
    <section className="checkout-notice checkout-notice--warning" role="alert" aria-labelledby="checkout-price-change">
      <h2 id="checkout-price-change" className="checkout-section__title">
        {t('checkout.priceChange.title')}
      </h2>
      <ul>
        {priceChange.changes.map((change) => (
          <li key={`${change.menuItemId}-${change.kind}`}>
            {change.kind === 'unavailable'
              ? t('checkout.priceChange.unavailable', { dish: names.dish(change) })
              : t('checkout.priceChange.changed', {
                  dish: names.dish(change),
                  before: lei(change.beforeBani),
                  after: lei(change.afterBani),
                })}
          </li>
        ))}
      </ul>
      <p>
        {t('checkout.priceChange.newTotal')} <strong>{formatLei(asBani(priceChange.totalBani), locale)}</strong>
      </p>
      <button type="button" className="button" onClick={onAccept}>
        {t('checkout.priceChange.accept')}
      </button>
    </section>
  );
}

export function NotesField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const t = useT();
  return (
    <section className="checkout-section">
      <div className="field">
        <label htmlFor="checkout-notes">{t('checkout.notes.label')}</label>
        <textarea id="checkout-notes" rows={3} maxLength={500} value={value} onChange={(event) => onChange(event.target.value)} />
      </div>
    </section>
  );
}

/**
 * The fixed bottom bar: the total and the action button. A blocked or busy button stays focusable
 * and pressable (aria-disabled, not disabled), so a press can say what is missing.
 */
export function CheckoutBar({
  totalBani,
  label,
  hint,
  blocked,
}: {
  totalBani: number;
  label: string;
  hint: string | null;
  blocked: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="checkout-bar">
      <div className="checkout-bar__inner">
        <p className="checkout-bar__total">
          <span>{t('checkout.bar.total')}</span> <strong>{formatLei(asBani(totalBani), locale)}</strong>
        </p>
        {hint ? <p className="checkout-bar__hint">{hint}</p> : null}
        <button
          type="submit"
          className="button checkout-bar__action"
          aria-disabled={blocked ? true : undefined}
          data-blocked={blocked ? '' : undefined}
        >
          {label}
        </button>
      </div>
    </div>
  );
}
