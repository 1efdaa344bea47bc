/**
 * The address form inside the panel: composes the state (address-form-state.ts, one store per
 * open panel), one hook per effect (search query, place check, pin lookup, save) and the small
 * components that render it, in the order of the questions: street, number, pin, details, save.
 *
 * Offline: the street search and the place check run on the device (the server's own search code
 * over the same Ploiești street list, offline-geo.ts); the pin is placed on the map if it loaded,
 * or by typed coordinates. The zone cannot be decided without the server, so the panel says the
 * restaurant checks delivery when the address syncs, and the save is queued in the outbox; the
 * server re-resolves the place and decides the zone when it arrives, and a refusal shows in the
 * sync panel with its reason. The reverse lookup needs the network and is skipped offline.
 */
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useId, useState, useSyncExternalStore } from 'react';

import { useT } from '../../../lib/i18n';
import { mapConfigQueryOptions } from '../../../lib/map-config';
import { useOnline } from '../../../lib/use-online';
import type { Address, AddressSuggestion } from '../../../shared/schemas/address';
import type { Details } from '../address-form-state';
import {
  createAddressFormStore,
  formView,
  highlightedIndex,
  initialFormState,
  parseCoordinates,
  shownSuggestions,
} from '../address-form-state';
import { useAddressSearch } from '../hooks/use-address-search';
import { useAddressSubmit } from '../hooks/use-address-submit';
import { usePinLookup } from '../hooks/use-pin-lookup';
import { usePlaceCheck } from '../hooks/use-place-check';
import { mapKindOf } from '../pin-wording';
import { AddressDetailsFields } from './address-details-fields';
import { AddressSearchField } from './address-search-field';
import { HouseNumberField } from './house-number-field';
import { PinSection } from './pin-section';
import { ValidationStatus } from './validation-status';
import './addresses.css';

export function AddressForm({ address, onDone }: { address?: Address; onDone(): void }) {
  const ids = useId();
  const t = useT();
  // One store per open panel: the caller unmounts the panel on save or cancel, which discards it.
  const [store] = useState(() => createAddressFormStore(initialFormState(address)));
  const state = useSyncExternalStore(store.subscribe, store.get);
  const { dispatch } = store;
  const mapConfig = useQuery(mapConfigQueryOptions());
  const online = useOnline();
  const search = useAddressSearch(state.search);
  const placeCheck = usePlaceCheck(store, address);
  const pickPoint = usePinLookup(store, placeCheck);
  const { submit, saving } = useAddressSubmit(store, address, onDone);

  const view = formView(state, { editing: !!address, saving });
  const mapKind = mapKindOf(mapConfig.data);
  const shown = shownSuggestions(state.search, search.latest);
  const { place, pin, pinConfirmed, validation, validating, onDevice } = state;

  const chooseSuggestion = (suggestion: AddressSuggestion) => {
    dispatch({ type: 'suggestionChosen', suggestion, list: shown });
    const chosen = store.get();
    if (chosen.place) void placeCheck.check(chosen.place, chosen.pin);
  };

  const placeFromCoordinates = () => {
    const point = parseCoordinates(state.latText, state.lngText);
    if (!point) {
      dispatch({ type: 'coordinatesRejected' });
      return;
    }
    dispatch({ type: 'mapCentered', point });
    pickPoint(point);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <form className="address-form" onSubmit={onSubmit} noValidate>
      {online ? null : (
        <p className="address-form__offline" role="note">
          {address ? t('addresses.form.offlineEdit') : t('addresses.form.offlineAdd')}
        </p>
      )}
      {/* Source order is the order of the questions (street, number, pin, details, save): on a
          phone the columns stack in it, so Save always comes after the map. */}
      <div className="address-form__find">
        <AddressSearchField
          ids={ids}
          text={state.search.text}
          shown={shown}
          activeIndex={highlightedIndex(state.search, shown)}
          searching={search.searching}
          online={online}
          onTextChange={(text) => dispatch({ type: 'searchTyped', text, shown })}
          onMove={(list, step) => dispatch({ type: 'highlightMoved', list, step })}
          onDismiss={(list) => dispatch({ type: 'suggestionsDismissed', list })}
          onChoose={chooseSuggestion}
        />
        {place ? (
          <HouseNumberField
            value={state.number.text}
            noHouseNumber={state.number.none}
            problem={view.numberProblem}
            legacy={state.legacy}
            onValueChange={(text) => dispatch({ type: 'numberTyped', text })}
            onNoHouseNumberChange={(none) => dispatch({ type: 'noNumberToggled', none })}
          />
        ) : null}
      </div>

      <PinSection
        ids={ids}
        mapKind={mapKind}
        mapConfig={mapConfig.data}
        mapFailed={mapConfig.isError}
        mapCenter={state.mapCenter}
        marker={view.marker}
        pinConfirmed={pinConfirmed}
        hasCoordinates={view.hasCoordinates}
        latText={state.latText}
        lngText={state.lngText}
        coordinateError={state.coordinateError}
        onPick={pickPoint}
        onLatitudeChange={(text) => dispatch({ type: 'latitudeTyped', text })}
        onLongitudeChange={(text) => dispatch({ type: 'longitudeTyped', text })}
        onPlaceFromCoordinates={placeFromCoordinates}
      />

      {view.showDetails ? (
        <div className="address-form__details">
          <AddressDetailsFields
            details={state.details}
            onChange={(key: keyof Details, value: string) => dispatch({ type: 'detailChanged', key, value })}
            streetLine={view.streetLine}
            city={place?.city ?? null}
            country={place?.country ?? null}
            pin={view.hasCoordinates ? pin : null}
            pinConfirmed={pinConfirmed}
          />
        </div>
      ) : null}

      <div className="address-form__status">
        <ValidationStatus
          state={{
            mapKind,
            hasPlace: !!place,
            hasCoordinates: view.hasCoordinates,
            validating,
            validation,
            onDevice,
            numberProblem: view.numberProblem,
          }}
          validation={validation}
        />
      </div>

      <div className="address-form__actions">
        <button type="submit" className="button" disabled={!view.canSave}>
          {t(view.submitText)}
        </button>
        <button type="button" className="button button--outline" onClick={onDone}>
          {t('addresses.cancel')}
        </button>
      </div>
    </form>
  );
}
