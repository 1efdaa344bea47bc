/**
 * One address as a card (spec §2 Address card): label icon, capitalised label or 'Unlabeled
 * Address', 'Default' and 'Deliverable' / 'Outside Zone' badges, the address, 'Unit' and
 * 'Instructions' lines, zone, distance and time for deliverable addresses, the validation line, and
 * the Select / Set Default / Edit / Delete buttons. Clicking the card selects it when selectable.
 */
import { useLocale, useT } from '../../../lib/i18n';
import type { Address } from '../../../shared/schemas/address';
import { blockDetailsLine } from '../../../shared/schemas/address';
import { lacksHouseNumberAnswer } from '../../../shared/domain/house-number';
import { zoneTone } from '../../../shared/domain/zones';
import { addressLabelText, formatKm, formatValidatedOn } from '../format';
import { LabelIcon } from './label-icon';

export interface AddressCardProps {
  address: Address;
  selectable?: boolean;
  selected?: boolean;
  readOnly?: boolean;
  /** A delete or default change is running for this card. */
  busy?: 'delete' | 'default' | null;
  /** Offline: a change to this address waits in the outbox (shown on the device copy already). */
  waiting?: boolean;
  onSelect?(address: Address): void;
  onSetDefault?(address: Address, isDefault: boolean): void;
  onEdit?(address: Address): void;
  onDelete?(address: Address): void;
}

/** The lines every card variant shows (also the radio-group variant's label content). */
export function AddressSummary({ address, readOnly }: { address: Address; readOnly?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const block = blockDetailsLine(address);
  const validatedOn = formatValidatedOn(address.lastValidatedAt, locale);
  return (
    <>
      <div className="address-card__head">
        <span className={`address-card__icon address-card__icon--${address.label}`}>
          <LabelIcon label={address.label} />
        </span>
        <span className="address-card__label">{addressLabelText(t, address)}</span>
        {address.isDefault ? <span className="address-badge address-badge--default">{t('addresses.card.default')}</span> : null}
        {address.isDeliverable ? (
          <span className="address-badge address-badge--ok">{t('addresses.card.deliverable')}</span>
        ) : (
          <span className="address-badge address-badge--bad">{t('addresses.card.outsideZone')}</span>
        )}
      </div>
      <p className="address-card__address">{address.formattedAddress || address.streetAddress}</p>
      {lacksHouseNumberAnswer(address) ? (
        // An address saved before the house-number rule (issue 27): it still orders, but the driver has no number.
        <p className="address-card__missing-number">
          {readOnly ? t('addresses.card.missingNumber') : t('addresses.card.missingNumberEdit')}
        </p>
      ) : null}
      {address.apartment || block ? (
        <p className="address-card__line">
          <span className="address-card__key">{t('addresses.card.unit')}</span> {[address.apartment, block].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      {address.deliveryInstructions ? (
        <p className="address-card__line">
          <span className="address-card__key">{t('addresses.card.instructions')}</span> {address.deliveryInstructions}
        </p>
      ) : null}
      {address.isDeliverable ? (
        <p className="address-card__zone">
          {address.deliveryZoneName ? (
            <span className={`zone-badge zone-badge--${zoneTone(address.deliveryZoneName)}`}>{address.deliveryZoneName}</span>
          ) : null}
          {address.distanceKm !== null ? <span>{formatKm(address.distanceKm, locale)}</span> : null}
          {address.estimatedDeliveryTime ? <span>{address.estimatedDeliveryTime}</span> : null}
        </p>
      ) : null}
      {readOnly ? null : (
        <p className="address-card__validation">
          {address.isValidated && address.validationMethod && validatedOn
            ? t('addresses.card.validatedVia', { method: address.validationMethod, date: validatedOn })
            : t('addresses.card.notValidated')}
        </p>
      )}
    </>
  );
}

export function AddressCard(props: AddressCardProps) {
  const { address, selectable, selected, readOnly, busy } = props;
  const t = useT();
  const label = addressLabelText(t, address);
  return (
    <article
      className={`address-card${selected ? ' address-card--selected' : ''}${busy ? ' address-card--busy' : ''}`}
      aria-label={label}
      aria-busy={busy ? true : undefined}
      onClick={selectable ? () => props.onSelect?.(address) : undefined}
    >
      <AddressSummary address={address} readOnly={readOnly} />
      {props.waiting ? (
        <p className="address-card__waiting" role="status">
          {t('addresses.card.waiting')}
        </p>
      ) : null}
      {busy === 'delete' ? (
        <p className="address-card__busy" role="status">
          <span className="address-spinner" aria-hidden="true" /> {t('addresses.card.deleting')}
        </p>
      ) : null}
      <div className="address-card__actions" onClick={(event) => event.stopPropagation()}>
        {selectable ? (
          <button
            type="button"
            className={`button ${selected ? '' : 'button--outline'}`}
            aria-pressed={selected}
            onClick={() => props.onSelect?.(address)}
          >
            {selected ? t('addresses.card.selected') : t('addresses.card.select')}
          </button>
        ) : null}
        {readOnly ? null : (
          <>
            {address.isDefault ? (
              <button
                type="button"
                className="button button--outline"
                disabled={!!busy}
                onClick={() => props.onSetDefault?.(address, false)}
              >
                {t('addresses.card.unsetDefault')}
              </button>
            ) : (
              <button
                type="button"
                className="button button--outline"
                disabled={!!busy}
                onClick={() => props.onSetDefault?.(address, true)}
              >
                {t('addresses.card.setDefault')}
              </button>
            )}
            <button type="button" className="button button--outline" disabled={!!busy} onClick={() => props.onEdit?.(address)}>
              {t('addresses.card.edit')}
            </button>
            {/* Secondary on purpose (issue 27): deleting is rare, and it still asks to confirm. */}
            <button type="button" className="button button--quiet-danger" disabled={!!busy} onClick={() => props.onDelete?.(address)}>
              {t('addresses.card.delete')}
            </button>
          </>
        )}
      </div>
    </article>
  );
}
