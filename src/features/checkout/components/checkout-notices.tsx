/** The small pieces of the checkout screen that render straight from its state: notices, notes and the action bar. */
import { Spinner } from '../../../components/skeleton';
import { asBani, formatLei } from '../../../shared/money';
import type { PriceChange } from '../../../shared/schemas/order';

export const LOAD_ERROR_TEXT = 'Failed to load checkout data. Please try again.';

/** The restaurant settings could not be read (nor found on the device), or are still on their way. */
export function CheckoutLoadState({ failed, onRetry }: { failed: boolean; onRetry(): void }) {
  if (failed)
    return (
      <section className="checkout-state" role="alert">
        <h1>Checkout</h1>
        <p>{LOAD_ERROR_TEXT}</p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </section>
    );
  return (
    <section className="checkout-state">
      <h1 className="visually-hidden">Checkout</h1>
      <Spinner label="Loading checkout..." />
    </section>
  );
}

/** The server refused for changed prices: what moved, the new total, and the one way on. */
export function PriceChangeNotice({ priceChange, onAccept }: { priceChange: PriceChange; onAccept(): void }) {
  const lei = (bani: number | null) => (bani === null ? '?' : formatLei(asBani(bani)));
  return (
    <section className="checkout-notice checkout-notice--warning" role="alert" aria-labelledby="checkout-price-change">
      <h2 id="checkout-price-change" className="checkout-section__title">
        Prices have changed
      </h2>
      <ul>
        {priceChange.changes.map((change) => (
          <li key={`${change.menuItemId}-${change.kind}`}>
            {change.kind === 'unavailable'
              ? `${change.name} is no longer available.`
              : `${change.name}: ${lei(change.beforeBani)} → ${lei(change.afterBani)}`}
          </li>
        ))}
      </ul>
      <p>
        New total: <strong>{formatLei(asBani(priceChange.totalBani))}</strong>
      </p>
      <button type="button" className="button" onClick={onAccept}>
        Accept new total
      </button>
    </section>
  );
}

export function NotesField({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <section className="checkout-section">
      <div className="field">
        <label htmlFor="checkout-notes">Notes for the restaurant (optional)</label>
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
  return (
    <div className="checkout-bar">
      <div className="checkout-bar__inner">
        <p className="checkout-bar__total">
          <span>Total</span> <strong>{formatLei(asBani(totalBani))}</strong>
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
