/**
 * The address panel's details (spec §4 Address form): label, apartment / unit, the Romanian block
 * fields (bloc, scară, etaj, apartament, interfon), postal code and delivery instructions, and the
 * summary of the address as it will be saved.
 */
import { useId } from 'react';

import { useT } from '../../../lib/i18n';
import {
  DEFAULT_CITY,
  DEFAULT_COUNTRY,
  MAX_CUSTOM_LABEL_LENGTH,
  MAX_INSTRUCTIONS_LENGTH,
  MAX_UNIT_FIELD_LENGTH,
} from '../../../shared/schemas/address';
import type { Details } from '../address-form-state';
import { formatCoordinate } from '../address-form-state';

export interface AddressDetailsFieldsProps {
  details: Details;
  onChange(key: keyof Details, value: string): void;
  /** The street line with its number as it will be saved, or null before a street is chosen. */
  streetLine: string | null;
  city: string | null;
  country: string | null;
  pin: { latitude: number; longitude: number } | null;
  pinConfirmed: boolean;
}

export function AddressDetailsFields({ details, onChange, streetLine, city, country, pin, pinConfirmed }: AddressDetailsFieldsProps) {
  const ids = useId();
  const t = useT();
  const unitLine = [
    details.apartment,
    details.bloc && `bl. ${details.bloc}`,
    details.scara && `sc. ${details.scara}`,
    details.etaj && `et. ${details.etaj}`,
    details.apartament && `ap. ${details.apartament}`,
    details.interfon && `interfon ${details.interfon}`,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <div className="address-form__row">
        <div className="address-field">
          <label htmlFor={`${ids}-label`}>{t('addresses.details.label')}</label>
          <select id={`${ids}-label`} value={details.label} onChange={(event) => onChange('label', event.target.value)}>
            <option value="home">{t('addresses.label.home')}</option>
            <option value="work">{t('addresses.label.work')}</option>
            <option value="custom">{t('addresses.label.custom')}</option>
          </select>
        </div>
        {details.label === 'custom' ? (
          <div className="address-field">
            <label htmlFor={`${ids}-custom`}>{t('addresses.details.customLabel')}</label>
            <input
              id={`${ids}-custom`}
              maxLength={MAX_CUSTOM_LABEL_LENGTH}
              value={details.customLabel}
              onChange={(event) => onChange('customLabel', event.target.value)}
            />
          </div>
        ) : null}
      </div>
      <div className="address-field">
        <label htmlFor={`${ids}-apartment`}>{t('addresses.details.apartment')}</label>
        <input
          id={`${ids}-apartment`}
          maxLength={MAX_UNIT_FIELD_LENGTH}
          value={details.apartment}
          onChange={(event) => onChange('apartment', event.target.value)}
        />
      </div>
      <fieldset className="address-form__block">
        <legend>{t('addresses.details.block')}</legend>
        {(
          [
            ['bloc', 'addresses.details.bloc'],
            ['scara', 'addresses.details.scara'],
            ['etaj', 'addresses.details.etaj'],
            ['apartament', 'addresses.details.apartament'],
            ['interfon', 'addresses.details.interfon'],
          ] as const
        ).map(([key, labelId]) => (
          <div className="address-field" key={key}>
            <label htmlFor={`${ids}-${key}`}>{t(labelId)}</label>
            <input
              id={`${ids}-${key}`}
              maxLength={MAX_UNIT_FIELD_LENGTH}
              value={details[key]}
              onChange={(event) => onChange(key, event.target.value)}
            />
          </div>
        ))}
      </fieldset>
      <div className="address-field">
        <label htmlFor={`${ids}-postal`}>{t('addresses.details.postalCode')}</label>
        <input
          id={`${ids}-postal`}
          inputMode="numeric"
          maxLength={6}
          value={details.postalCode}
          onChange={(event) => onChange('postalCode', event.target.value.replace(/\D/g, ''))}
        />
      </div>
      <div className="address-field">
        <label htmlFor={`${ids}-instructions`}>{t('addresses.details.instructions')}</label>
        <textarea
          id={`${ids}-instructions`}
          rows={2}
          maxLength={MAX_INSTRUCTIONS_LENGTH}
          value={details.deliveryInstructions}
          onChange={(event) => onChange('deliveryInstructions', event.target.value)}
        />
      </div>
      <div className="address-summary" aria-label={t('addresses.details.summary')} role="group">
        <p className="address-summary__title">{streetLine ?? t('addresses.details.noStreet')}</p>
        {unitLine ? <p className="address-summary__line">{unitLine}</p> : null}
        <p className="address-summary__line">
          {details.postalCode ? `${details.postalCode} ` : ''}
          {city ?? DEFAULT_CITY}, {country ?? DEFAULT_COUNTRY}
        </p>
        {pin ? (
          <p className="address-summary__line">
            {t(pinConfirmed ? 'addresses.details.pinConfirmed' : 'addresses.details.pinNotConfirmed', {
              latitude: formatCoordinate(pin.latitude),
              longitude: formatCoordinate(pin.longitude),
            })}
          </p>
        ) : null}
      </div>
    </>
  );
}
