/**
 * General and Contact sections (spec §2): plain labelled fields. Issue 22: the delivery fee and the
 * minimum order are each kitchen's, set under Kitchens; this screen keeps only what is restaurant-wide,
 * such as whether the minimum applies to pickup too
 * (docs/decisions/0148-address-zones-are-the-kitchens-zones.md).
 */
import { useId } from 'react';

import { useT } from '../../../lib/i18n';
import { MAX_ESTIMATED_TIME_LENGTH } from '../../../shared/schemas/admin';
import { ACCEPT_WITHIN_MINUTES_MAX, ACCEPT_WITHIN_MINUTES_MIN } from '../../../shared/schemas/restaurant';
import type { SettingsForm } from '../settings-form';

interface SectionProps {
  form: SettingsForm;
  onChange(patch: Partial<SettingsForm>): void;
  disabled: boolean;
}

export function GeneralSection({ form, onChange, disabled }: SectionProps) {
  const id = useId();
  const t = useT();
  return (
    <div className="admin-card admin-form">
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('admin.general.name')}</label>
        <input id={`${id}-name`} value={form.name} required disabled={disabled} onChange={(e) => onChange({ name: e.target.value })} />
      </div>
      <div className="admin-toggle">
        <input
          id={`${id}-open`}
          type="checkbox"
          role="switch"
          checked={form.isOpen}
          disabled={disabled}
          onChange={(e) => onChange({ isOpen: e.target.checked })}
        />
        <label htmlFor={`${id}-open`}>{t('admin.general.isOpen')}</label>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('admin.general.description')}</label>
        <textarea
          id={`${id}-description`}
          rows={3}
          value={form.description}
          disabled={disabled}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </div>
      <div className="admin-toggle">
        <input
          id={`${id}-minimum-pickup`}
          type="checkbox"
          checked={form.minimumOrderAppliesToPickup}
          disabled={disabled}
          aria-describedby={`${id}-minimum-pickup-hint`}
          onChange={(e) => onChange({ minimumOrderAppliesToPickup: e.target.checked })}
        />
        <label htmlFor={`${id}-minimum-pickup`}>{t('admin.general.minimumPickup')}</label>
      </div>
      <p id={`${id}-minimum-pickup-hint`} className="admin-muted">
        {t('admin.general.minimumPickupHint')}
      </p>
      <div className="field">
        <label htmlFor={`${id}-time`}>{t('admin.general.deliveryTime')}</label>
        <input
          id={`${id}-time`}
          value={form.estimatedDeliveryTime}
          maxLength={MAX_ESTIMATED_TIME_LENGTH}
          disabled={disabled}
          onChange={(e) => onChange({ estimatedDeliveryTime: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-accept-within`}>{t('admin.general.acceptWithin')}</label>
        <input
          id={`${id}-accept-within`}
          type="number"
          inputMode="numeric"
          min={ACCEPT_WITHIN_MINUTES_MIN}
          max={ACCEPT_WITHIN_MINUTES_MAX}
          step={1}
          value={form.acceptWithinMinutes}
          disabled={disabled}
          aria-describedby={`${id}-accept-within-hint`}
          onChange={(e) => onChange({ acceptWithinMinutes: e.target.value })}
        />
        <p id={`${id}-accept-within-hint`} className="admin-muted">
          {t('admin.general.acceptWithinHint')}
        </p>
      </div>
    </div>
  );
}

export function ContactSection({ form, onChange, disabled }: SectionProps) {
  const id = useId();
  const t = useT();
  return (
    <div className="admin-card admin-form">
      <div className="field">
        <label htmlFor={`${id}-phone`}>{t('admin.contact.phone')}</label>
        <input id={`${id}-phone`} type="tel" value={form.phone} disabled={disabled} onChange={(e) => onChange({ phone: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('admin.contact.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          value={form.email}
          disabled={disabled}
          onChange={(e) => onChange({ email: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-address`}>{t('admin.contact.address')}</label>
        <input id={`${id}-address`} value={form.address} disabled={disabled} onChange={(e) => onChange({ address: e.target.value })} />
      </div>
    </div>
  );
}
