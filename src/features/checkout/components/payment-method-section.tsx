/** Card (hosted checkout, needs a connection) or cash (on delivery / at pickup). */
import type { FulfilmentType, PaymentMethod } from '../../../shared/schemas/order';

export const CARD_NEEDS_CONNECTION_TEXT = 'Card payment needs an internet connection. Connect and try again, or pay cash.';

export function PaymentMethodSection({
  value,
  onChange,
  online,
  fulfilment,
}: {
  value: PaymentMethod | null;
  onChange(value: PaymentMethod): void;
  online: boolean;
  fulfilment: FulfilmentType;
}) {
  return (
    <section className="checkout-section" aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title" className="checkout-section__title">
        Payment method
      </h2>
      <div className="checkout-options" role="radiogroup" aria-label="Payment method">
        <label
          className={`checkout-option${value === 'card' ? ' checkout-option--active' : ''}${online ? '' : ' checkout-option--disabled'}`}
        >
          <input
            type="radio"
            name="checkout-payment"
            value="card"
            checked={value === 'card'}
            disabled={!online}
            aria-describedby={online ? undefined : 'checkout-card-offline'}
            onChange={() => onChange('card')}
          />
          <span>
            <span className="checkout-option__title">Card</span>
            <span className="checkout-option__hint">Pay securely online</span>
            {online ? null : (
              <span className="checkout-option__hint checkout-option__hint--warning" id="checkout-card-offline">
                {CARD_NEEDS_CONNECTION_TEXT}
              </span>
            )}
          </span>
        </label>
        <label className={`checkout-option${value === 'cash' ? ' checkout-option--active' : ''}`}>
          <input type="radio" name="checkout-payment" value="cash" checked={value === 'cash'} onChange={() => onChange('cash')} />
          <span>
            <span className="checkout-option__title">Cash</span>
            <span className="checkout-option__hint">{fulfilment === 'pickup' ? 'Pay when you pick up' : 'Pay on delivery'}</span>
          </span>
        </label>
      </div>
    </section>
  );
}
