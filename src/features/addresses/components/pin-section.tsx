/**
 * The pin step of the address panel: the line about the map (pin-wording.ts), the map itself
 * (React.lazy: MapLibre is never part of the initial bundle), 'Confirm pin location', and the
 * typed coordinates for keyboard users, automation, and a map that cannot load (offline, never
 * seen online: docs/decisions/0059-address-map-works-offline-once-seen-online.md).
 */
import { lazy, Suspense } from 'react';

import { useT } from '../../../lib/i18n';
import type { LatLng } from '../../../shared/domain/zones';
import type { MapConfig } from '../../../shared/schemas/address';
import type { MessageId } from '../../../lib/i18n';
import type { MapKind } from '../pin-wording';
import { MAP_HINT_TEXT } from '../pin-wording';

const AddressMap = lazy(() => import('./address-map'));

export interface PinSectionProps {
  ids: string;
  mapKind: MapKind;
  /** The map's configuration once loaded; `mapFailed`: it could not be loaded. */
  mapConfig: MapConfig | undefined;
  mapFailed: boolean;
  mapCenter: LatLng;
  marker: LatLng;
  pinConfirmed: boolean;
  hasCoordinates: boolean;
  latText: string;
  lngText: string;
  coordinateError: MessageId | null;
  onPick(point: LatLng): void;
  onLatitudeChange(text: string): void;
  onLongitudeChange(text: string): void;
  onPlaceFromCoordinates(): void;
}

export function PinSection(props: PinSectionProps) {
  const t = useT();
  const { ids, mapKind, mapConfig, mapFailed, mapCenter, marker, pinConfirmed, hasCoordinates, onPick } = props;
  return (
    <div className="address-form__pin">
      <p className="address-form__map-hint" id={`${ids}-map-hint`}>
        {t(MAP_HINT_TEXT[mapKind])}
      </p>
      {mapConfig ? (
        <Suspense
          fallback={
            <div className="address-map address-map--placeholder" role="status">
              {t('addresses.map.loading')}
            </div>
          }
        >
          <AddressMap styleUrl={mapConfig.styleUrl} center={mapCenter} marker={marker} pinConfirmed={pinConfirmed} onPick={onPick} />
        </Suspense>
      ) : (
        <div className="address-map address-map--placeholder" role="status">
          {mapFailed ? t('addresses.map.unavailable') : t('addresses.map.loading')}
        </div>
      )}
      <div className="address-form__pin-actions">
        <button type="button" className="button button--outline" onClick={() => onPick(marker)} disabled={hasCoordinates && pinConfirmed}>
          {t('addresses.pin.confirm')}
        </button>
      </div>
      <fieldset className="address-coordinates">
        <legend>{t('addresses.pin.coordinates')}</legend>
        <div className="address-field">
          <label htmlFor={`${ids}-lat`}>{t('addresses.pin.latitude')}</label>
          <input
            id={`${ids}-lat`}
            inputMode="decimal"
            value={props.latText}
            onChange={(event) => props.onLatitudeChange(event.target.value)}
          />
        </div>
        <div className="address-field">
          <label htmlFor={`${ids}-lng`}>{t('addresses.pin.longitude')}</label>
          <input
            id={`${ids}-lng`}
            inputMode="decimal"
            value={props.lngText}
            onChange={(event) => props.onLongitudeChange(event.target.value)}
          />
        </div>
        <button type="button" className="button button--outline" onClick={props.onPlaceFromCoordinates}>
          {t('addresses.pin.place')}
        </button>
        {props.coordinateError ? (
          <p className="address-field__error" role="alert">
            {t(props.coordinateError)}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
