/** Checkout's customer info (spec §3 Customer info): first and last name, email, phone, prefilled from the profile. */
import type { MessageId } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import type { CustomerInfo } from '../../../shared/schemas/order';
import type { CustomerField } from '../domain/checkout-rules';
import { CUSTOMER_FIELD_LABELS, CUSTOMER_FIELDS } from '../domain/checkout-rules';

const INPUT_ATTRIBUTES: Record<CustomerField, { type: string; autoComplete: string; inputMode?: 'tel' | 'email' }> = {
  firstName: { type: 'text', autoComplete: 'given-name' },
  lastName: { type: 'text', autoComplete: 'family-name' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
};

export interface CustomerInfoFormProps {
  value: CustomerInfo;
  /** Errors to show now (fields the customer has left, or all after a submit attempt). */
  errors: Partial<Record<CustomerField, MessageId>>;
  onChange(field: CustomerField, value: string): void;
  onBlur(field: CustomerField): void;
}

export function CustomerInfoForm({ value, errors, onChange, onBlur }: CustomerInfoFormProps) {
  const t = useT();
  return (
    <fieldset className="checkout-section checkout-customer">
      <legend className="checkout-section__title">{t('checkout.customer.title')}</legend>
      <div className="checkout-customer__grid">
        {CUSTOMER_FIELDS.map((field) => {
          const id = `checkout-${field}`;
          const error = errors[field];
          return (
            <div className="field" key={field}>
              <label htmlFor={id}>
                {t(CUSTOMER_FIELD_LABELS[field])} <span aria-hidden="true">*</span>
              </label>
              <input
                id={id}
                name={field}
                required
                {...INPUT_ATTRIBUTES[field]}
                value={value[field]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => onChange(field, event.target.value)}
                onBlur={() => onBlur(field)}
              />
              {error ? (
                <p className="field__error" id={`${id}-error`}>
                  {t(error)}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
