/**
 * The address panel's status line (spec §2: validation state, zone, distance, time), announced
 * politely to screen readers. What it says is decided by statusFor (pin-wording.ts).
 */
import { useLocale, useT } from '../../../lib/i18n';
import { wordsText } from '../../../lib/screen-words';
import { zoneTone } from '../../../shared/domain/zones';
import type { AddressValidationResult } from '../../../shared/schemas/address';
import { formatKm } from '../format';
import type { PanelState } from '../pin-wording';
import { statusFor } from '../pin-wording';

export function ValidationStatus({ state, validation }: { state: PanelState; validation: AddressValidationResult | null }) {
  const t = useT();
  const locale = useLocale();
  const { tone, text } = statusFor(state);
  const settled = !state.validating && !state.numberProblem;
  return (
    <div className={`address-validation address-validation--${tone}`} role="status" aria-live="polite">
      <p className="address-validation__text">{wordsText(t, text)}</p>
      {settled && validation?.isDeliverable ? (
        <p className="address-validation__zone">
          <span className={`zone-badge zone-badge--${zoneTone(validation.deliveryZone)}`}>{validation.deliveryZone}</span>
          {validation.distance !== null ? <span>{formatKm(validation.distance, locale)}</span> : null}
          {validation.estimatedTime ? <span>{validation.estimatedTime}</span> : null}
        </p>
      ) : null}
      {settled && validation && !validation.isDeliverable && validation.distance !== null ? (
        <p className="address-validation__zone">
          {t('addresses.status.fromRestaurant', { distance: formatKm(validation.distance, locale) })}
        </p>
      ) : null}
    </div>
  );
}
