/** Card (hosted checkout, needs a connection) or cash (on delivery / at pickup). */
import type { MessageId } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import type { FulfilmentType, PaymentMethod } from '../../../shared/schemas/order';

export const CARD_NEEDS_CONNECTION_TEXT: MessageId = 'checkout.payment.cardNeedsConnection';

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
  const t = useT();
  const title = t('checkout.payment.title');
  return (
    <section className="checkout-section" aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title" className="checkout-section__title">
        {title}
      </h2>
      <div className="checkout-options" role="radiogroup" aria-label={title}>
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
            <span className="checkout-option__title">{t('checkout.payment.card')}</span>
            <span className="checkout-option__hint">{t('checkout.payment.cardHint')}</span>
            {online ? null : (
              <span className="checkout-option__hint checkout-option__hint--warning" id="checkout-card-offline">
                {t(CARD_NEEDS_CONNECTION_TEXT)}
              </span>
            )}
          </span>
        </label>
        <label className={`checkout-option${value === 'cash' ? ' checkout-option--active' : ''}`}>
          <input type="radio" name="checkout-payment" value="cash" checked={value === 'cash'} onChange={() => onChange('cash')} />
          <span>
            <span className="checkout-option__title">{t('checkout.payment.cash')}</span>
            <span className="checkout-option__hint">
              {fulfilment === 'pickup' ? t('checkout.payment.cashPickup') : t('checkout.payment.cashDelivery')}
            </span>
          </span>
        </label>
      </div>
    </section>
  );
}
