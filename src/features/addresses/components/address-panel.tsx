/**
 * Add / edit an address (spec §2 Address add/edit panel, §4 Address form, §5 rules).
 *
 * Flow: search (>= 3 trimmed characters, 300 ms debounce) -> choose a suggestion -> the server
 * validates it -> the house number, or an explicit "no house number" (issue 27; pre-filled when the
 * suggestion has one) -> the customer places or confirms the pin on the map (the embedded gazetteer
 * has no coordinates) -> the server decides the zone from the pin -> save, below the map, enabled
 * only when the address is valid AND deliverable AND the number is answered. A map click or drag runs a reverse lookup (500 ms debounce)
 * and re-validation. Cancel or a successful save closes the panel, which discards its state.
 *
 * The map loads lazily (React.lazy): MapLibre is never part of the initial bundle. For keyboard
 * users and automation the pin can also be set from typed coordinates. What the panel says about
 * the map depends on whether it shows streets (pin-wording.ts): the default offline style does not.
 *
 * An address saved before the house-number rule opens with the number empty and a note: it still
 * orders as it is, but saving an edit needs the number (or "no house number").
 *
 * Offline: the street search and the place check run on the device (the server's own search code
 * over the same Ploiești street list, offline-geo.ts); the pin is placed on the map if it loaded,
 * or by typed coordinates. The zone cannot be decided without the server, so the panel says the
 * restaurant checks delivery when the address syncs, and the save is queued in the outbox; the
 * server re-resolves the place and decides the zone when it arrives, and a refusal shows in the
 * sync panel with its reason. The reverse lookup needs the network and is skipped offline.
 */
import { useQuery } from '@tanstack/react-query';
import type { FormEvent, KeyboardEvent } from 'react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { ApiRequestError, NetworkError } from '../../../lib/api-fetch';
import { notify } from '../../../lib/notify';
import { useOnline } from '../../../lib/use-online';
import {
  effectiveHouseNumber,
  gazetteerHouseNumber,
  HOUSE_NUMBER_TEXTS,
  houseNumberProblem,
  lacksHouseNumberAnswer,
  placeWithHouseNumber,
  streetWithHouseNumber,
} from '../../../shared/domain/house-number';
import type { LatLng } from '../../../shared/domain/zones';
import { isFiniteLatLng } from '../../../shared/domain/zones';
import type { Address, AddressInput, AddressSuggestion, AddressValidationResult, ResolvedPlace } from '../../../shared/schemas/address';
import {
  ADDRESS_EDIT_DEFAULT_CENTER,
  ADDRESS_PANEL_DEFAULT_CENTER,
  DEFAULT_CITY,
  DEFAULT_COUNTRY,
  GEO_ERROR_TEXTS,
  MIN_SEARCH_CHARS,
  missingAddressFields,
} from '../../../shared/schemas/address';
import { useSaveAddress } from '../api/addresses-api';
import { fetchSuggestions, resolvePlaceOnDevice, reverseGeocode, validateAddress } from '../api/geo-api';
import {
  canReverseGeocode,
  OFFLINE_TEXT,
  REVERSE_LOOKUP_DEBOUNCE_MS,
  reverseErrorToast,
  SEARCH_DEBOUNCE_MS,
  searchErrorToast,
  searchTermFor,
  validatedToastMessage,
  validationErrorToast,
} from '../address-panel-rules';
import { MAP_HINT_TEXT, mapKindOf, NOT_DELIVERABLE_TEXT } from '../pin-wording';
import type { Details } from './address-details-fields';
import { AddressDetailsFields, formatCoordinate, initialDetails } from './address-details-fields';
import { HouseNumberField } from './house-number-field';
import { ValidationStatus } from './validation-status';
import './addresses.css';
import { mapConfigQueryOptions } from '../../../lib/map-config';

const AddressMap = lazy(() => import('./address-map'));

export const OFFLINE_ADD_TEXT =
  'You are offline: find your street in the list saved on this device and place the pin (type its coordinates if the map does not load). The address is sent when you are back online, and the restaurant checks delivery then.';
const OFFLINE_PLACE_UNKNOWN_TEXT =
  'This street cannot be checked offline. Choose a suggestion from the list, or try again when you are back online.';

interface ChosenPlace {
  placeId: string;
  formattedAddress: string;
  streetAddress: string;
  city: string;
  country: string;
  /** The number the geocoder put at the end of streetAddress (null: a street without one). */
  houseNumber: string | null;
}

export interface AddressPanelProps {
  /** The address to edit; absent: add a new one. */
  address?: Address;
  /** Called after a save or a cancel; the caller unmounts the panel, which resets it. */
  onDone(): void;
  /** 'dialog' (default, modal with focus trap) or 'inline' (a section in the page). */
  presentation?: 'dialog' | 'inline';
}

export function AddressPanel({ address, onDone, presentation = 'dialog' }: AddressPanelProps) {
  const title = address ? 'Edit Address' : 'Add New Address';
  const titleId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // Inline, the panel opens on a button press: move focus into it (the dialog does this itself).
  useEffect(() => {
    if (presentation === 'inline') sectionRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [presentation]);
  if (presentation === 'dialog') {
    return (
      <Dialog title={title} onClose={onDone} className="address-dialog">
        <AddressForm address={address} onDone={onDone} />
      </Dialog>
    );
  }
  return (
    <section ref={sectionRef} className="address-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="address-panel__title">
        {title}
      </h2>
      <AddressForm address={address} onDone={onDone} />
    </section>
  );
}

function AddressForm({ address, onDone }: { address?: Address; onDone(): void }) {
  const ids = useId();
  const mapConfig = useQuery(mapConfigQueryOptions());
  const save = useSaveAddress();
  const online = useOnline();

  const initialPlace: ChosenPlace | null = address
    ? {
        placeId: address.placeId,
        formattedAddress: address.formattedAddress,
        streetAddress: address.streetAddress,
        city: address.city,
        country: address.country,
        houseNumber: address.houseNumber ?? gazetteerHouseNumber(address.placeId),
      }
    : null;
  const initialPin: LatLng | null = address ? { latitude: address.latitude, longitude: address.longitude } : null;

  const [query, setQuery] = useState(address?.formattedAddress ?? '');
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [searching, setSearching] = useState(false);
  const [place, setPlace] = useState<ChosenPlace | null>(initialPlace);
  const [pin, setPin] = useState<LatLng | null>(initialPin);
  const [pinConfirmed, setPinConfirmed] = useState(address?.pinConfirmed ?? false);
  const [mapCenter, setMapCenter] = useState<LatLng>(initialPin ?? (address ? ADDRESS_EDIT_DEFAULT_CENTER : ADDRESS_PANEL_DEFAULT_CENTER));
  const [validation, setValidation] = useState<AddressValidationResult | null>(null);
  const [validating, setValidating] = useState(!!address);
  // Offline: the street was found in the list on this device; the zone waits for the server.
  const [onDevice, setOnDevice] = useState(false);
  const [details, setDetails] = useState<Details>(() => initialDetails(address));
  const [latText, setLatText] = useState(initialPin ? formatCoordinate(initialPin.latitude) : '');
  const [lngText, setLngText] = useState(initialPin ? formatCoordinate(initialPin.longitude) : '');
  const [coordinateError, setCoordinateError] = useState<string | null>(null);
  // The house-number answer (issue 27); an address saved before the rule starts unanswered.
  const initialNumber = { text: address?.houseNumber ?? initialPlace?.houseNumber ?? '', none: address?.noHouseNumber ?? false };
  const [numberText, setNumberTextState] = useState(initialNumber.text);
  const [noNumber, setNoNumberState] = useState(initialNumber.none);
  const [legacy] = useState(() => !!address && lacksHouseNumberAnswer(address));

  // Refs carry the latest values into debounced and async callbacks (never read during render).
  const placeRef = useRef<ChosenPlace | null>(initialPlace);
  const pinRef = useRef<LatLng | null>(initialPin);
  const searchedFor = useRef<string | null>(address?.formattedAddress ?? null);
  const validationSeq = useRef(0);
  const pickTimer = useRef<number | undefined>(undefined);
  const numberRef = useRef(initialNumber);

  const setNumberText = (text: string) => {
    numberRef.current = { ...numberRef.current, text };
    setNumberTextState(text);
  };
  const setNoNumber = (none: boolean) => {
    // Ticking "no house number" clears the number: the answer is one or the other.
    numberRef.current = { text: none ? '' : numberRef.current.text, none };
    setNoNumberState(none);
    if (none) setNumberTextState('');
  };

  const choosePlace = (next: ChosenPlace | null) => {
    placeRef.current = next;
    setPlace(next);
  };
  const choosePin = (next: LatLng | null) => {
    pinRef.current = next;
    setPin(next);
    if (next) {
      setLatText(formatCoordinate(next.latitude));
      setLngText(formatCoordinate(next.longitude));
    }
  };

  /** Offline: the place check against the street list on this device (the zone waits for the server). */
  async function checkOnDevice(seq: number, target: ChosenPlace): Promise<void> {
    // The address being edited was checked by the server when it was saved.
    const resolved =
      address && target.placeId === address.placeId
        ? { ...target, postalCode: address.postalCode }
        : await resolvePlaceOnDevice(target.placeId).catch(() => null);
    if (seq !== validationSeq.current) return;
    setValidation(null);
    setOnDevice(resolved !== null);
    if (!resolved) {
      notify({ type: 'error', title: GEO_ERROR_TEXTS.validate.title, message: OFFLINE_PLACE_UNKNOWN_TEXT });
      return;
    }
    adoptResolvedPlace(resolved);
  }

  /** A number the geocoder knows fills the field while the customer has given no answer yet. */
  function offerHouseNumber(known: string | null) {
    if (!known || numberRef.current.none || numberRef.current.text.trim() !== '') return;
    setNumberText(known);
  }

  /** The resolved place becomes the chosen one; its postal code fills the field if still empty. */
  function adoptResolvedPlace(resolved: ResolvedPlace) {
    const known = resolved.houseNumber ?? gazetteerHouseNumber(resolved.placeId);
    choosePlace({
      placeId: resolved.placeId,
      formattedAddress: resolved.formattedAddress,
      streetAddress: resolved.streetAddress,
      city: resolved.city,
      country: resolved.country,
      houseNumber: known,
    });
    offerHouseNumber(known);
    if (resolved.postalCode) setDetails((d) => (d.postalCode ? d : { ...d, postalCode: resolved.postalCode ?? '' }));
  }

  async function runValidation(target: ChosenPlace, point: LatLng | null, announce = true): Promise<void> {
    const seq = ++validationSeq.current;
    setValidating(true);
    try {
      if (!navigator.onLine) {
        await checkOnDevice(seq, target);
        return;
      }
      const result = await validateAddress({
        place_id: target.placeId,
        formatted_address: target.formattedAddress,
        ...(point && isFiniteLatLng(point) ? { latitude: point.latitude, longitude: point.longitude } : {}),
      });
      if (seq !== validationSeq.current) return; // a newer pick or choice superseded this one
      setOnDevice(false);
      setValidation(result);
      if (result.place) adoptResolvedPlace(result.place);
      // A geocoder that knows the point proposes it; the customer can still move the pin.
      if (!pinRef.current && result.latitude !== null && result.longitude !== null) {
        const proposed = { latitude: result.latitude, longitude: result.longitude };
        choosePin(proposed);
        setMapCenter(proposed);
      }
      if (!announce) return;
      if (!result.isValid) {
        notify({ type: 'error', ...validationErrorToast(null) });
      } else if (result.isDeliverable) {
        notify({ type: 'success', title: 'Address Validated!', message: validatedToastMessage(result) });
      } else if (result.latitude !== null) {
        notify({ type: 'warning', title: 'Address Not Deliverable', message: NOT_DELIVERABLE_TEXT });
      }
    } catch (error) {
      if (seq !== validationSeq.current) return;
      if (error instanceof NetworkError) {
        await checkOnDevice(seq, target);
        return;
      }
      setOnDevice(false);
      setValidation(null);
      notify({ type: 'error', ...validationErrorToast(error) });
    } finally {
      if (seq === validationSeq.current) setValidating(false);
    }
  }

  // Edit mode: re-check the saved address once, quietly, so the submit button reflects today's zone.
  useEffect(() => {
    if (!initialPlace) return;
    // Deferred a tick: the check's state updates belong to its answer, not to this render.
    const timer = window.setTimeout(() => void runValidation(initialPlace, initialPin, false), 0);
    return () => window.clearTimeout(timer);
    // Runs once on mount; later checks come from the customer's actions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Debounced search; a newer keystroke cancels the timer and the request in flight.
  useEffect(() => {
    const trimmed = searchTermFor(query);
    if (trimmed === null || searchedFor.current === query) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setSearching(true);
      fetchSuggestions(trimmed, controller.signal)
        .then(({ predictions: found }) => {
          setSuggestions(found);
          setActiveIndex(-1);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setSuggestions([]);
          notify({ type: 'error', ...searchErrorToast(error) });
        })
        .finally(() => {
          if (!controller.signal.aborted) setSearching(false);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  useEffect(() => () => window.clearTimeout(pickTimer.current), []);

  const onQueryChange = (value: string) => {
    setQuery(value);
    searchedFor.current = null;
    // Fewer than 3 characters clears the suggestions (spec §5).
    if (searchTermFor(value) === null) setSuggestions([]);
  };

  const chooseSuggestion = (suggestion: AddressSuggestion) => {
    searchedFor.current = suggestion.description;
    setQuery(suggestion.description);
    setSuggestions([]);
    setActiveIndex(-1);
    const known = gazetteerHouseNumber(suggestion.place_id);
    const next: ChosenPlace = {
      placeId: suggestion.place_id,
      formattedAddress: suggestion.description,
      streetAddress: suggestion.structured_formatting.main_text,
      city: DEFAULT_CITY,
      country: DEFAULT_COUNTRY,
      houseNumber: known,
    };
    choosePlace(next);
    // A new street: the number question starts again (pre-filled when the suggestion has one).
    setNumberText(known ?? '');
    setNoNumber(false);
    setValidation(null);
    let point = pinConfirmed ? pinRef.current : null;
    if (typeof suggestion.latitude === 'number' && typeof suggestion.longitude === 'number') {
      point = { latitude: suggestion.latitude, longitude: suggestion.longitude };
      setPinConfirmed(false);
      setMapCenter(point);
    }
    choosePin(point);
    void runValidation(next, point);
  };

  async function lookUpPoint(point: LatLng) {
    let current = placeRef.current;
    // Offline there is no reverse lookup: the pin stays where the customer put it.
    if (!navigator.onLine) {
      if (current) await runValidation(current, point);
      return;
    }
    try {
      const found = await reverseGeocode(point.latitude, point.longitude);
      if (!found.found) {
        notify({ type: 'warning', ...GEO_ERROR_TEXTS.reverse });
      } else if (found.route && found.placeId && found.formattedAddress) {
        // The map names a street here: it becomes the chosen address.
        current = {
          placeId: found.placeId,
          formattedAddress: found.formattedAddress,
          streetAddress: found.streetNumber ? `${found.route} ${found.streetNumber}` : found.route,
          city: found.locality ?? DEFAULT_CITY,
          country: found.country ?? DEFAULT_COUNTRY,
          houseNumber: found.streetNumber,
        };
        choosePlace(current);
        offerHouseNumber(found.streetNumber);
        searchedFor.current = found.formattedAddress;
        setQuery(found.formattedAddress);
        const postal = found.postalCode;
        if (postal) setDetails((d) => ({ ...d, postalCode: postal }));
      }
    } catch (error) {
      notify({ type: 'error', ...reverseErrorToast(error) });
    }
    if (current) await runValidation(current, point);
  }

  /** A map click, a marker drag, 'Confirm pin location' or typed coordinates. */
  const pickPoint = (point: LatLng) => {
    // Spec §5: no lookup for missing or NaN coordinates.
    if (!canReverseGeocode(point)) return;
    choosePin(point);
    setPinConfirmed(true);
    setCoordinateError(null);
    validationSeq.current += 1; // results of checks for the old point no longer count
    setValidation(null);
    setValidating(!!placeRef.current);
    window.clearTimeout(pickTimer.current);
    pickTimer.current = window.setTimeout(() => void lookUpPoint(point), REVERSE_LOOKUP_DEBOUNCE_MS);
  };

  const placeFromCoordinates = () => {
    const point = { latitude: Number(latText.trim().replace(',', '.')), longitude: Number(lngText.trim().replace(',', '.')) };
    if (latText.trim() === '' || lngText.trim() === '' || !isFiniteLatLng(point)) {
      setCoordinateError('Enter a latitude between -90 and 90 and a longitude between -180 and 180.');
      return;
    }
    setMapCenter(point);
    pickPoint(point);
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (suggestions.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActiveIndex((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Enter' && activeIndex >= 0) {
      event.preventDefault();
      chooseSuggestion(suggestions[activeIndex]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setSuggestions([]);
    }
  };

  const hasCoordinates = pin !== null && isFiniteLatLng(pin);
  // Offline, a street found on the device and a pin are enough: the server decides the zone on sync.
  const placeChecked = onDevice || (!!validation?.isValid && validation.isDeliverable);
  const numberAnswer = { houseNumber: numberText, noHouseNumber: noNumber };
  // The form asks for the number itself: a number only in the place id does not count here.
  const numberProblem = houseNumberProblem(numberAnswer);
  const houseNumber = numberProblem ? null : effectiveHouseNumber(numberAnswer);
  const canSave = !!place && placeChecked && hasCoordinates && !numberProblem && !validating && !save.isPending;
  const submitText = validating
    ? 'Validating...'
    : !hasCoordinates
      ? onDevice
        ? 'Place the pin first'
        : 'Waiting for Validation...'
      : numberProblem
        ? 'Enter the house number first'
        : save.isPending
          ? 'Saving...'
          : address
            ? 'Update Address'
            : 'Add Address';
  const mapKind = mapKindOf(mapConfig.data);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!place || !(onDevice || validation?.isValid)) {
      notify({ type: 'error', title: 'Invalid Address', message: 'Please select a valid address with coordinates' });
      return;
    }
    if (!pin || !isFiniteLatLng(pin)) {
      notify({
        type: 'error',
        title: 'Address Not Fully Validated',
        message: 'Address coordinates are missing. Please wait for validation to complete.',
      });
      return;
    }
    if (!onDevice && !validation?.isDeliverable) {
      notify({ type: 'warning', title: 'Address Not Deliverable', message: NOT_DELIVERABLE_TEXT });
      return;
    }
    if (numberProblem) {
      notify({ type: 'error', title: 'House Number Needed', message: HOUSE_NUMBER_TEXTS[numberProblem] });
      return;
    }
    // The server re-keys the place with the number (gazetteer) and rebuilds the lines the same way.
    const numbered = placeWithHouseNumber({ ...place, postalCode: null }, houseNumber, details.postalCode || null);
    const input: AddressInput = {
      label: details.label,
      customLabel: details.label === 'custom' ? details.customLabel : null,
      streetAddress: numbered.streetAddress,
      houseNumber,
      noHouseNumber: noNumber,
      apartment: details.apartment,
      bloc: details.bloc,
      scara: details.scara,
      etaj: details.etaj,
      apartament: details.apartament,
      interfon: details.interfon,
      city: place.city,
      postalCode: details.postalCode,
      country: place.country,
      latitude: pin.latitude,
      longitude: pin.longitude,
      formattedAddress: numbered.formattedAddress,
      placeId: place.placeId,
      pinConfirmed,
      deliveryInstructions: details.deliveryInstructions,
    };
    const missing = missingAddressFields(input);
    if (missing.length > 0) {
      notify({ type: 'error', title: 'Missing Required Data', message: `Missing: ${missing.join(', ')}` });
      return;
    }
    save.mutate(
      { id: address?.id, input, before: address },
      {
        onSuccess: ({ queued }) => {
          // Offline: the edit waits in the outbox and is already shown on the device copy.
          notify({
            type: 'success',
            title: queued ? 'Saved on this device' : address ? 'Address Updated' : 'Address Added',
            message: queued ? 'Waiting to sync: it will be sent when the connection is back.' : input.streetAddress,
          });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'not_deliverable') {
            notify({ type: 'warning', title: 'Address Not Deliverable', message: NOT_DELIVERABLE_TEXT });
            return;
          }
          if (error instanceof ApiRequestError && error.code === 'address_not_validated') {
            notify({ type: 'error', ...validationErrorToast(error) });
            return;
          }
          notify({
            type: 'error',
            title: 'Save Failed',
            message:
              error instanceof NetworkError
                ? OFFLINE_TEXT
                : error instanceof ApiRequestError && error.message
                  ? error.message
                  : address
                    ? 'Failed to update address.'
                    : 'Failed to save the address. Please try again',
          });
        },
      },
    );
  };

  const setDetail = (key: keyof Details, value: string) => setDetails((d) => ({ ...d, [key]: value }));
  const listboxId = `${ids}-suggestions`;
  const showDetails = !!place || hasCoordinates;
  const marker = pin ?? mapCenter;
  const streetLine = place ? streetWithHouseNumber(place.streetAddress, place.houseNumber, houseNumber) : null;

  return (
    <form className="address-form" onSubmit={onSubmit} noValidate>
      {online ? null : (
        <p className="address-form__offline" role="note">
          {address
            ? 'You are offline: the label, house number, unit, block details, instructions and default can be changed and will sync when you are back online; moving the address needs a connection.'
            : OFFLINE_ADD_TEXT}
        </p>
      )}
      {/* Source order is the order of the questions (street, number, pin, details, save): on a
          phone the columns stack in it, so Save always comes after the map. */}
      <div className="address-form__find">
        <div className="address-field address-search">
          <label htmlFor={`${ids}-search`}>Search address</label>
          <input
            id={`${ids}-search`}
            type="search"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={suggestions.length > 0}
            aria-controls={listboxId}
            aria-activedescendant={activeIndex >= 0 ? `${listboxId}-${activeIndex}` : undefined}
            aria-describedby={`${ids}-search-hint`}
            placeholder="Street and number, e.g. Gheorghe Doja 12"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            onKeyDown={onSearchKeyDown}
            data-autofocus
          />
          <p id={`${ids}-search-hint`} className="address-field__hint">
            {searching
              ? 'Searching…'
              : `Type at least ${MIN_SEARCH_CHARS} characters. Streets in ${DEFAULT_CITY} only.${online ? '' : ' Offline: searching the street list on this device.'}`}
          </p>
          <ul
            id={listboxId}
            role="listbox"
            aria-label="Address suggestions"
            className="address-suggestions"
            hidden={suggestions.length === 0}
          >
            {suggestions.map((suggestion, index) => (
              <li
                key={suggestion.place_id}
                id={`${listboxId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className={`address-suggestion${index === activeIndex ? ' address-suggestion--active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => chooseSuggestion(suggestion)}
              >
                <span className="address-suggestion__main">{suggestion.structured_formatting.main_text}</span>
                <span className="address-suggestion__secondary">{suggestion.structured_formatting.secondary_text}</span>
              </li>
            ))}
          </ul>
        </div>
        {place ? (
          <HouseNumberField
            value={numberText}
            noHouseNumber={noNumber}
            problem={numberProblem}
            legacy={legacy}
            onValueChange={setNumberText}
            onNoHouseNumberChange={setNoNumber}
          />
        ) : null}
      </div>

      <div className="address-form__pin">
        <p className="address-form__map-hint" id={`${ids}-map-hint`}>
          {MAP_HINT_TEXT[mapKind]}
        </p>
        {mapConfig.data ? (
          <Suspense
            fallback={
              <div className="address-map address-map--placeholder" role="status">
                Loading Map...
              </div>
            }
          >
            <AddressMap
              styleUrl={mapConfig.data.styleUrl}
              center={mapCenter}
              marker={marker}
              pinConfirmed={pinConfirmed}
              onPick={pickPoint}
            />
          </Suspense>
        ) : (
          <div className="address-map address-map--placeholder" role="status">
            {mapConfig.isError ? 'The map is unavailable right now. Enter the pin coordinates below.' : 'Loading Map...'}
          </div>
        )}
        <div className="address-form__pin-actions">
          <button
            type="button"
            className="button button--outline"
            onClick={() => pickPoint(marker)}
            disabled={hasCoordinates && pinConfirmed}
          >
            Confirm pin location
          </button>
        </div>
        <fieldset className="address-coordinates">
          <legend>Pin coordinates</legend>
          <div className="address-field">
            <label htmlFor={`${ids}-lat`}>Latitude</label>
            <input id={`${ids}-lat`} inputMode="decimal" value={latText} onChange={(event) => setLatText(event.target.value)} />
          </div>
          <div className="address-field">
            <label htmlFor={`${ids}-lng`}>Longitude</label>
            <input id={`${ids}-lng`} inputMode="decimal" value={lngText} onChange={(event) => setLngText(event.target.value)} />
          </div>
          <button type="button" className="button button--outline" onClick={placeFromCoordinates}>
            Place pin
          </button>
          {coordinateError ? (
            <p className="address-field__error" role="alert">
              {coordinateError}
            </p>
          ) : null}
        </fieldset>
      </div>

      {showDetails ? (
        <div className="address-form__details">
          <AddressDetailsFields
            details={details}
            onChange={setDetail}
            streetLine={streetLine}
            city={place?.city ?? null}
            country={place?.country ?? null}
            pin={hasCoordinates ? pin : null}
            pinConfirmed={pinConfirmed}
          />
        </div>
      ) : null}

      <div className="address-form__status">
        <ValidationStatus
          state={{ mapKind, hasPlace: !!place, hasCoordinates, validating, validation, onDevice, numberProblem }}
          validation={validation}
        />
      </div>

      <div className="address-form__actions">
        <button type="submit" className="button" disabled={!canSave}>
          {submitText}
        </button>
        <button type="button" className="button button--outline" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
