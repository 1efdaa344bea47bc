/**
 * The pin step of the address panel: the line about the map (pin-wording.ts), the map itself
 * (React.lazy: MapLibre is never part of the initial bundle), 'Confirm pin location', and the
 * typed coordinates for keyboard users, automation, and a map that cannot load (offline, never
 * seen online: docs/decisions/0059-address-map-works-offline-once-seen-online.md).
 */
import { lazy, Suspense } from 'react';

import type { LatLng } from '../../../shared/domain/zones';
import type { MapConfig } from '../../../shared/schemas/address';
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
  coordinateError: string | null;
  onPick(point: LatLng): void;
  onLatitudeChange(text: string): void;
  onLongitudeChange(text: string): void;
  onPlaceFromCoordinates(): void;
}

export function PinSection(props: PinSectionProps) {
  const { ids, mapKind, mapConfig, mapFailed, mapCenter, marker, pinConfirmed, hasCoordinates, onPick } = props;
  return (
    <div className="address-form__pin">
      <p className="address-form__map-hint" id={`${ids}-map-hint`}>
        {MAP_HINT_TEXT[mapKind]}
      </p>
      {mapConfig ? (
        <Suspense
          fallback={
            <div className="address-map address-map--placeholder" role="status">
              Loading Map...
            </div>
          }
        >
          <AddressMap styleUrl={mapConfig.styleUrl} center={mapCenter} marker={marker} pinConfirmed={pinConfirmed} onPick={onPick} />
        </Suspense>
      ) : (
        <div className="address-map address-map--placeholder" role="status">
          {mapFailed ? 'The map is unavailable right now. Enter the pin coordinates below.' : 'Loading Map...'}
        </div>
      )}
      <div className="address-form__pin-actions">
        <button type="button" className="button button--outline" onClick={() => onPick(marker)} disabled={hasCoordinates && pinConfirmed}>
          Confirm pin location
        </button>
      </div>
      <fieldset className="address-coordinates">
        <legend>Pin coordinates</legend>
        <div className="address-field">
          <label htmlFor={`${ids}-lat`}>Latitude</label>
          <input
            id={`${ids}-lat`}
            inputMode="decimal"
            value={props.latText}
            onChange={(event) => props.onLatitudeChange(event.target.value)}
          />
        </div>
        <div className="address-field">
          <label htmlFor={`${ids}-lng`}>Longitude</label>
          <input
            id={`${ids}-lng`}
            inputMode="decimal"
            value={props.lngText}
            onChange={(event) => props.onLongitudeChange(event.target.value)}
          />
        </div>
        <button type="button" className="button button--outline" onClick={props.onPlaceFromCoordinates}>
          Place pin
        </button>
        {props.coordinateError ? (
          <p className="address-field__error" role="alert">
            {props.coordinateError}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
