/**
 * The address panel's details (spec §4 Address form): label, apartment / unit, the Romanian block
 * fields (bloc, scară, etaj, apartament, interfon), postal code and delivery instructions, and the
 * summary of the address as it will be saved.
 */
import { useId } from 'react';

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
          <label htmlFor={`${ids}-label`}>Label</label>
          <select id={`${ids}-label`} value={details.label} onChange={(event) => onChange('label', event.target.value)}>
            <option value="home">Home</option>
            <option value="work">Work</option>
            <option value="custom">Custom</option>
          </select>
        </div>
        {details.label === 'custom' ? (
          <div className="address-field">
            <label htmlFor={`${ids}-custom`}>Custom label</label>
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
        <label htmlFor={`${ids}-apartment`}>Apartment / unit (optional)</label>
        <input
          id={`${ids}-apartment`}
          maxLength={MAX_UNIT_FIELD_LENGTH}
          value={details.apartment}
          onChange={(event) => onChange('apartment', event.target.value)}
        />
      </div>
      <fieldset className="address-form__block">
        <legend>Apartment block (optional)</legend>
        {(
          [
            ['bloc', 'Bloc'],
            ['scara', 'Scară'],
            ['etaj', 'Etaj'],
            ['apartament', 'Apartament'],
            ['interfon', 'Interfon'],
          ] as const
        ).map(([key, text]) => (
          <div className="address-field" key={key}>
            <label htmlFor={`${ids}-${key}`}>{text}</label>
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
        <label htmlFor={`${ids}-postal`}>Postal code</label>
        <input
          id={`${ids}-postal`}
          inputMode="numeric"
          maxLength={6}
          value={details.postalCode}
          onChange={(event) => onChange('postalCode', event.target.value.replace(/\D/g, ''))}
        />
      </div>
      <div className="address-field">
        <label htmlFor={`${ids}-instructions`}>Delivery instructions (optional)</label>
        <textarea
          id={`${ids}-instructions`}
          rows={2}
          maxLength={MAX_INSTRUCTIONS_LENGTH}
          value={details.deliveryInstructions}
          onChange={(event) => onChange('deliveryInstructions', event.target.value)}
        />
      </div>
      <div className="address-summary" aria-label="Address summary" role="group">
        <p className="address-summary__title">{streetLine ?? 'No street chosen yet'}</p>
        {unitLine ? <p className="address-summary__line">{unitLine}</p> : null}
        <p className="address-summary__line">
          {details.postalCode ? `${details.postalCode} ` : ''}
          {city ?? DEFAULT_CITY}, {country ?? DEFAULT_COUNTRY}
        </p>
        {pin ? (
          <p className="address-summary__line">
            Pin: {formatCoordinate(pin.latitude)}, {formatCoordinate(pin.longitude)} {pinConfirmed ? '(confirmed)' : '(not confirmed yet)'}
          </p>
        ) : null}
      </div>
    </>
  );
}
