/**
 * Delivery or pickup. Delivery shows the address list (the addresses feature's component, passed in
 * by the route as a slot) with the default preselected and an 'add address' button; pickup chooses
 * one of the restaurant's locations, no address needed.
 */
import type { ReactNode } from 'react';

import { useLocale, useT } from '../../../lib/i18n';
import { wordsText } from '../../../lib/screen-words';
import type { Address } from '../../../shared/schemas/address';
import type { FulfilmentType } from '../../../shared/schemas/order';
import { NO_ADDRESS_TEXT } from '../domain/checkout-rules';
import type { DeliveryKitchenView, PickupRow } from '../domain/kitchen-choice';
import { kmText } from '../../../shared/domain/zones';

/** What the route composes in from the addresses feature. */
export interface AddressSlots {
  /** The selectable address list. */
  renderAddressList(props: { selectedId: number | null; onSelect(address: Pick<Address, 'id'>): void }): ReactNode;
  /** The add-address dialog; `onDone` closes it (after a save or a cancel). */
  renderAddAddress(props: { onDone(): void }): ReactNode;
}

export interface FulfilmentSectionProps {
  fulfilment: FulfilmentType;
  onFulfilmentChange(value: FulfilmentType): void;
  addresses: readonly Address[] | undefined;
  addressesFailed: boolean;
  addressId: number | null;
  onAddressChange(id: number): void;
  onAddAddress(): void;
  slots: AddressSlots | undefined;
  /** Issue 22: the pickup list, nearest first from the default address, with today's hours and open now. */
  pickupRows: readonly PickupRow[];
  locationId: number | null;
  onLocationChange(id: number): void;
  estimatedDeliveryTime: string;
  /**
   * Issue 22: the server's kitchen for the chosen address ("Cooked at Casa Grătarului Centru · ready
   * around 14:45"), the out-of-zone text naming the nearest kitchen, or why there is none yet (offline).
   */
  deliveryKitchen: DeliveryKitchenView;
}

function FallbackAddressList({
  addresses,
  addressId,
  onAddressChange,
}: Pick<FulfilmentSectionProps, 'addressId' | 'onAddressChange'> & { addresses: readonly Address[] }) {
  const t = useT();
  return (
    <div className="checkout-options" role="radiogroup" aria-label={t('checkout.missing.address')}>
      {addresses.map((address) => (
        <label key={address.id} className="checkout-option">
          <input type="radio" name="checkout-address" checked={addressId === address.id} onChange={() => onAddressChange(address.id)} />
          <span>
            <span className="checkout-option__title">{address.formattedAddress || address.streetAddress}</span>
            {!address.isDeliverable ? <span className="checkout-option__hint">{t('checkout.address.outsideZone')}</span> : null}
          </span>
        </label>
      ))}
    </div>
  );
}

export function FulfilmentSection(props: FulfilmentSectionProps) {
  const { fulfilment, onFulfilmentChange, addresses, addressId, slots, pickupRows, locationId, onLocationChange } = props;
  const t = useT();
  const locale = useLocale();
  const title = t('checkout.fulfilment.title');
  return (
    <section className="checkout-section" aria-labelledby="checkout-fulfilment-title">
      <h2 id="checkout-fulfilment-title" className="checkout-section__title">
        {title}
      </h2>
      <div className="checkout-toggle" role="radiogroup" aria-label={title}>
        {(['delivery', 'pickup'] as const).map((value) => (
          <label key={value} className={`checkout-toggle__option${fulfilment === value ? ' checkout-toggle__option--active' : ''}`}>
            <input
              type="radio"
              name="checkout-fulfilment"
              value={value}
              checked={fulfilment === value}
              onChange={() => onFulfilmentChange(value)}
            />
            {value === 'delivery' ? t('checkout.fulfilment.delivery') : t('checkout.fulfilment.pickup')}
          </label>
        ))}
      </div>

      {fulfilment === 'delivery' ? (
        <div className="checkout-delivery">
          <p className="checkout-section__hint">{t('checkout.fulfilment.estimatedTime', { time: props.estimatedDeliveryTime })}</p>
          {props.deliveryKitchen.kind === 'routed' || props.deliveryKitchen.kind === 'pending' ? (
            <p className="checkout-section__hint" data-testid="checkout-delivery-kitchen" role="status">
              {wordsText(t, props.deliveryKitchen.text)}
            </p>
          ) : null}
          {props.deliveryKitchen.kind === 'out_of_zone' ? (
            <p className="checkout-notice checkout-notice--warning" data-testid="checkout-delivery-kitchen" role="alert">
              {wordsText(t, props.deliveryKitchen.text)}
            </p>
          ) : null}
          {addresses === undefined && !props.addressesFailed ? (
            <p className="checkout-section__hint">{t('checkout.address.loading')}</p>
          ) : null}
          {addresses !== undefined && addresses.length === 0 ? (
            <p className="checkout-notice checkout-notice--warning" role="status">
              {t(NO_ADDRESS_TEXT)}
            </p>
          ) : null}
          {addresses !== undefined && addresses.length > 0 ? (
            slots ? (
              slots.renderAddressList({ selectedId: addressId, onSelect: (address) => props.onAddressChange(address.id) })
            ) : (
              <FallbackAddressList addresses={addresses} addressId={addressId} onAddressChange={props.onAddressChange} />
            )
          ) : null}
          <button type="button" className="button button--outline" onClick={props.onAddAddress}>
            {t('checkout.address.add')}
          </button>
        </div>
      ) : (
        <div className="checkout-options" role="radiogroup" aria-label={t('checkout.missing.pickupLocation')}>
          {pickupRows.map(({ location, distanceKm, hoursToday, openNow, statusText }) => (
            <label key={location.id} className={`checkout-option${locationId === location.id ? ' checkout-option--active' : ''}`}>
              <input
                type="radio"
                name="checkout-location"
                checked={locationId === location.id}
                onChange={() => onLocationChange(location.id)}
              />
              <span>
                <span className="checkout-option__title">{location.name}</span>
                <span className="checkout-option__hint">
                  {location.address}
                  {distanceKm !== null ? ` · ${t('checkout.pickup.distance', { distance: kmText(distanceKm, locale) })}` : ''}
                </span>
                <span className="checkout-option__hint">{t('checkout.pickup.today', { hours: wordsText(t, hoursToday) })}</span>
                <span className={`checkout-option__hint${openNow ? ' checkout-option__hint--open' : ''}`}>{wordsText(t, statusText)}</span>
              </span>
            </label>
          ))}
        </div>
      )}
    </section>
  );
}
