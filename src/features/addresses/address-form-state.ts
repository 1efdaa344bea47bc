/**
 * The address panel's state and every decision it makes without the network (spec §2 Address
 * add/edit panel, §4 Address form, §5 rules; issue 27 house number), as a reducer over plain data
 * so each step is tested in node (address-form-state.test.ts). The hooks beside the panel run the
 * effects (search query, place check, reverse lookup, save) and report what happened as actions;
 * the components render from the state and `formView`.
 *
 * Flow: search -> choose a suggestion -> the server checks the place -> the house number (or "no
 * house number") -> the pin -> the server decides the zone -> save. Offline the place is checked on
 * the device (`onDevice`) and the zone waits for the server (docs/decisions/0058-a-new-address-can-be-added-offline.md).
 *
 * `createAddressFormStore` keeps the state outside React so that the async effects read the latest
 * state when their answers arrive (a debounced reverse lookup needs the place chosen meanwhile);
 * docs/decisions/0130-address-panel-state-store-and-search-query.md.
 */
import { ApiRequestError, NetworkError } from '../../lib/api-fetch';
import type { MessageId } from '../../lib/i18n';
import type { ToastWords } from '../../lib/screen-words';
import type { HouseNumberProblem } from '../../shared/domain/house-number';
import {
  effectiveHouseNumber,
  gazetteerHouseNumber,
  houseNumberProblem,
  lacksHouseNumberAnswer,
  placeWithHouseNumber,
  streetWithHouseNumber,
} from '../../shared/domain/house-number';
import type { LatLng } from '../../shared/domain/zones';
import { isFiniteLatLng } from '../../shared/domain/zones';
import type {
  Address,
  AddressInput,
  AddressLabel,
  AddressSuggestion,
  AddressValidationResult,
  ResolvedPlace,
  ReverseResult,
} from '../../shared/schemas/address';
import {
  ADDRESS_EDIT_DEFAULT_CENTER,
  ADDRESS_PANEL_DEFAULT_CENTER,
  DEFAULT_CITY,
  DEFAULT_COUNTRY,
  missingAddressFields,
} from '../../shared/schemas/address';
import { canReverseGeocode, OFFLINE_TEXT, searchTermFor, validationErrorToast } from './address-panel-rules';
import { HOUSE_NUMBER_PROBLEM_TEXT, NOT_DELIVERABLE_TEXT } from './pin-wording';

// ---------- the address book around the panel ----------

/** The profile's address book: the list alone, or the list with the add or edit panel above it. */
export type AddressBookMode = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; address: Address };

export type AddressBookAction = { type: 'add' } | { type: 'edit'; address: Address } | { type: 'close' };

export function addressBookReducer(_mode: AddressBookMode, action: AddressBookAction): AddressBookMode {
  switch (action.type) {
    case 'add':
      return { mode: 'add' };
    case 'edit':
      return { mode: 'edit', address: action.address };
    case 'close':
      return { mode: 'closed' };
  }
}

// ---------- the form ----------

export interface Details {
  label: AddressLabel;
  customLabel: string;
  apartment: string;
  bloc: string;
  scara: string;
  etaj: string;
  apartament: string;
  interfon: string;
  postalCode: string;
  deliveryInstructions: string;
}

export function initialDetails(address?: Address): Details {
  return {
    label: address?.label ?? 'home',
    customLabel: address?.customLabel ?? '',
    apartment: address?.apartment ?? '',
    bloc: address?.bloc ?? '',
    scara: address?.scara ?? '',
    etaj: address?.etaj ?? '',
    apartament: address?.apartament ?? '',
    interfon: address?.interfon ?? '',
    postalCode: address?.postalCode ?? '',
    deliveryInstructions: address?.deliveryInstructions ?? '',
  };
}

export function formatCoordinate(value: number): string {
  return value.toFixed(6);
}

export interface ChosenPlace {
  placeId: string;
  formattedAddress: string;
  streetAddress: string;
  city: string;
  country: string;
  /** The number the geocoder put at the end of streetAddress (null: a street without one). */
  houseNumber: string | null;
}

/** One answer of the street search (the search query's data): the term asked and what was found. */
export interface SuggestionList {
  term: string;
  predictions: AddressSuggestion[];
}

export interface SearchState {
  text: string;
  /**
   * True once the customer has typed. Text put in the box by a choice or by the map is not searched
   * (it is what was chosen, not a question).
   */
  armed: boolean;
  /** Counts the customer's edits: the search runs once this has stayed the same for SEARCH_DEBOUNCE_MS. */
  edits: number;
  /** An answer hidden by a choice, Escape or a query too short to search; a newer answer shows again. */
  dismissed: SuggestionList | null;
  /** The option highlighted with the arrow keys, in the answer it belongs to (a newer answer has none). */
  highlight: { list: SuggestionList; index: number } | null;
}

export interface HouseNumberState {
  text: string;
  /** The customer ticked "This address has no house number". */
  none: boolean;
}

export interface AddressFormState {
  search: SearchState;
  place: ChosenPlace | null;
  pin: LatLng | null;
  pinConfirmed: boolean;
  mapCenter: LatLng;
  /** The typed coordinates (filled from the pin whenever it moves). */
  latText: string;
  lngText: string;
  coordinateError: MessageId | null;
  /** The server's answer for the current place and pin (null: none yet, or offline). */
  validation: AddressValidationResult | null;
  validating: boolean;
  /** Offline: the street was found in the list on this device; the zone waits for the server. */
  onDevice: boolean;
  number: HouseNumberState;
  /** An address saved before the house-number rule is being edited (issue 27). */
  legacy: boolean;
  details: Details;
}

export const COORDINATE_ERROR_TEXT: MessageId = 'addresses.coordinates.invalid';

export function chosenPlaceOf(address: Address): ChosenPlace {
  return {
    placeId: address.placeId,
    formattedAddress: address.formattedAddress,
    streetAddress: address.streetAddress,
    city: address.city,
    country: address.country,
    houseNumber: address.houseNumber ?? gazetteerHouseNumber(address.placeId),
  };
}

/**
 * Add: everything empty, the map on the city. Edit: the saved address, its pin and its number; it
 * opens 'validating' because the panel re-checks it once (quietly) for today's zone. An address
 * saved before the house-number rule starts with the number unanswered.
 */
export function initialFormState(address?: Address): AddressFormState {
  const place = address ? chosenPlaceOf(address) : null;
  const pin = address ? { latitude: address.latitude, longitude: address.longitude } : null;
  return {
    search: { text: address?.formattedAddress ?? '', armed: false, edits: 0, dismissed: null, highlight: null },
    place,
    pin,
    pinConfirmed: address?.pinConfirmed ?? false,
    mapCenter: pin ?? (address ? ADDRESS_EDIT_DEFAULT_CENTER : ADDRESS_PANEL_DEFAULT_CENTER),
    latText: pin ? formatCoordinate(pin.latitude) : '',
    lngText: pin ? formatCoordinate(pin.longitude) : '',
    coordinateError: null,
    validation: null,
    validating: !!address,
    onDevice: false,
    number: { text: address?.houseNumber ?? place?.houseNumber ?? '', none: address?.noHouseNumber ?? false },
    legacy: !!address && lacksHouseNumberAnswer(address),
    details: initialDetails(address),
  };
}

export type AddressFormAction =
  /** The customer typed in the search box; `shown` is the answer on screen (hidden if the query got too short). */
  | { type: 'searchTyped'; text: string; shown: SuggestionList | null }
  | { type: 'highlightMoved'; list: SuggestionList; step: 1 | -1 }
  | { type: 'suggestionsDismissed'; list: SuggestionList | null }
  | { type: 'suggestionChosen'; suggestion: AddressSuggestion; list: SuggestionList | null }
  | { type: 'numberTyped'; text: string }
  | { type: 'noNumberToggled'; none: boolean }
  | { type: 'detailChanged'; key: keyof Details; value: string }
  | { type: 'latitudeTyped'; text: string }
  | { type: 'longitudeTyped'; text: string }
  | { type: 'coordinatesRejected' }
  | { type: 'mapCentered'; point: LatLng }
  /** A map click, a marker drag, 'Confirm pin location' or typed coordinates (the reverse lookup follows). */
  | { type: 'pinPicked'; point: LatLng }
  /** The reverse lookup named a street at the pin: it becomes the chosen place. */
  | { type: 'placeFoundAtPin'; found: ReverseResult }
  | { type: 'checkStarted' }
  | { type: 'checkAnswered'; result: AddressValidationResult }
  /** Offline: the place as the street list on the device knows it (null: unknown there). */
  | { type: 'checkedOnDevice'; resolved: ResolvedPlace | null }
  | { type: 'checkFailed' }
  | { type: 'checkSettled' };

/** The place a reverse lookup names at the pin, or null when it names no street there. */
export function placeAtPin(found: ReverseResult): ChosenPlace | null {
  if (!found.found || !found.route || !found.placeId || !found.formattedAddress) return null;
  return {
    placeId: found.placeId,
    formattedAddress: found.formattedAddress,
    streetAddress: found.streetNumber ? `${found.route} ${found.streetNumber}` : found.route,
    city: found.locality ?? DEFAULT_CITY,
    country: found.country ?? DEFAULT_COUNTRY,
    houseNumber: found.streetNumber,
  };
}

/** A number the geocoder knows fills the field while the customer has given no answer yet. */
function offerHouseNumber(number: HouseNumberState, known: string | null | undefined): HouseNumberState {
  if (!known || number.none || number.text.trim() !== '') return number;
  return { ...number, text: known };
}

function withPin(state: AddressFormState, pin: LatLng | null): AddressFormState {
  if (!pin) return { ...state, pin };
  return { ...state, pin, latText: formatCoordinate(pin.latitude), lngText: formatCoordinate(pin.longitude) };
}

/** The resolved place becomes the chosen one; its postal code fills the field if still empty. */
function adoptResolvedPlace(state: AddressFormState, resolved: ResolvedPlace): AddressFormState {
  const known = resolved.houseNumber ?? gazetteerHouseNumber(resolved.placeId);
  return {
    ...state,
    place: {
      placeId: resolved.placeId,
      formattedAddress: resolved.formattedAddress,
      streetAddress: resolved.streetAddress,
      city: resolved.city,
      country: resolved.country,
      houseNumber: known,
    },
    number: offerHouseNumber(state.number, known),
    details: resolved.postalCode && !state.details.postalCode ? { ...state.details, postalCode: resolved.postalCode } : state.details,
  };
}

export function addressFormReducer(state: AddressFormState, action: AddressFormAction): AddressFormState {
  switch (action.type) {
    case 'searchTyped': {
      // Fewer than 3 characters hides the suggestions at once (spec §5); otherwise they stay until the next answer.
      const tooShort = searchTermFor(action.text) === null;
      return {
        ...state,
        search: {
          ...state.search,
          text: action.text,
          armed: true,
          edits: state.search.edits + 1,
          dismissed: tooShort && action.shown ? action.shown : state.search.dismissed,
        },
      };
    }
    case 'highlightMoved': {
      const count = action.list.predictions.length;
      if (count === 0) return state;
      const current = state.search.highlight?.list === action.list ? state.search.highlight.index : -1;
      const index = action.step === 1 ? (current + 1) % count : current <= 0 ? count - 1 : current - 1;
      return { ...state, search: { ...state.search, highlight: { list: action.list, index } } };
    }
    case 'suggestionsDismissed':
      return { ...state, search: { ...state.search, dismissed: action.list ?? state.search.dismissed, highlight: null } };
    case 'suggestionChosen': {
      const { suggestion } = action;
      const known = gazetteerHouseNumber(suggestion.place_id);
      let point = state.pinConfirmed ? state.pin : null;
      let { pinConfirmed, mapCenter } = state;
      // A suggestion that knows its point moves the pin there, unconfirmed: the customer confirms it.
      if (typeof suggestion.latitude === 'number' && typeof suggestion.longitude === 'number') {
        point = { latitude: suggestion.latitude, longitude: suggestion.longitude };
        pinConfirmed = false;
        mapCenter = point;
      }
      return withPin(
        {
          ...state,
          search: {
            ...state.search,
            text: suggestion.description,
            armed: false,
            dismissed: action.list ?? state.search.dismissed,
            highlight: null,
          },
          place: {
            placeId: suggestion.place_id,
            formattedAddress: suggestion.description,
            streetAddress: suggestion.structured_formatting.main_text,
            city: DEFAULT_CITY,
            country: DEFAULT_COUNTRY,
            houseNumber: known,
          },
          // A new street: the number question starts again (pre-filled when the suggestion has one).
          number: { text: known ?? '', none: false },
          validation: null,
          pinConfirmed,
          mapCenter,
        },
        point,
      );
    }
    case 'numberTyped':
      return { ...state, number: { ...state.number, text: action.text } };
    case 'noNumberToggled':
      // Ticking "no house number" clears the number: the answer is one or the other.
      return { ...state, number: { text: action.none ? '' : state.number.text, none: action.none } };
    case 'detailChanged':
      return { ...state, details: { ...state.details, [action.key]: action.value } };
    case 'latitudeTyped':
      return { ...state, latText: action.text };
    case 'longitudeTyped':
      return { ...state, lngText: action.text };
    case 'coordinatesRejected':
      return { ...state, coordinateError: COORDINATE_ERROR_TEXT };
    case 'mapCentered':
      return { ...state, mapCenter: action.point };
    case 'pinPicked':
      // Spec §5: no lookup (and no pin) for missing or NaN coordinates.
      if (!canReverseGeocode(action.point)) return state;
      // The old point's check no longer counts; a check follows the lookup when there is a place.
      return { ...withPin(state, action.point), pinConfirmed: true, coordinateError: null, validation: null, validating: !!state.place };
    case 'placeFoundAtPin': {
      const { found } = action;
      const place = placeAtPin(found);
      if (!place) return state;
      const postal = found.postalCode;
      return {
        ...state,
        place,
        number: offerHouseNumber(state.number, found.streetNumber),
        search: { ...state.search, text: place.formattedAddress, armed: false },
        // The map's postal code replaces a typed one: the pin moved to another place.
        details: postal ? { ...state.details, postalCode: postal } : state.details,
      };
    }
    case 'checkStarted':
      return { ...state, validating: true };
    case 'checkAnswered': {
      const { result } = action;
      let next: AddressFormState = { ...state, onDevice: false, validation: result };
      if (result.place) next = adoptResolvedPlace(next, result.place);
      // A geocoder that knows the point proposes it; the customer can still move the pin.
      if (!next.pin && result.latitude !== null && result.longitude !== null) {
        const proposed = { latitude: result.latitude, longitude: result.longitude };
        next = { ...withPin(next, proposed), mapCenter: proposed };
      }
      return next;
    }
    case 'checkedOnDevice': {
      const next = { ...state, validation: null, onDevice: action.resolved !== null };
      return action.resolved ? adoptResolvedPlace(next, action.resolved) : next;
    }
    case 'checkFailed':
      return { ...state, onDevice: false, validation: null };
    case 'checkSettled':
      return { ...state, validating: false };
  }
}

// ---------- what the state shows ----------

/** The suggestions on screen: the latest answer unless it was hidden since. */
export function shownSuggestions(search: SearchState, latest: SuggestionList | undefined): SuggestionList | null {
  return latest && latest !== search.dismissed ? latest : null;
}

/** The highlighted option's index in the shown answer, or -1. */
export function highlightedIndex(search: SearchState, shown: SuggestionList | null): number {
  return shown && search.highlight?.list === shown ? search.highlight.index : -1;
}

export type SearchKeyIntent = 'next' | 'previous' | 'choose' | 'dismiss' | null;

/** What a key in the search box does while suggestions are shown (a listbox combobox's keys). */
export function searchKeyIntent(key: string, shownCount: number, activeIndex: number): SearchKeyIntent {
  if (shownCount === 0) return null;
  if (key === 'ArrowDown') return 'next';
  if (key === 'ArrowUp') return 'previous';
  if (key === 'Enter' && activeIndex >= 0) return 'choose';
  if (key === 'Escape') return 'dismiss';
  return null;
}

/** Typed coordinates as a point (a decimal comma is accepted), or null when either is missing or out of range. */
export function parseCoordinates(latText: string, lngText: string): LatLng | null {
  if (latText.trim() === '' || lngText.trim() === '') return null;
  const point = { latitude: Number(latText.trim().replace(',', '.')), longitude: Number(lngText.trim().replace(',', '.')) };
  return isFiniteLatLng(point) ? point : null;
}

export interface FormView {
  hasCoordinates: boolean;
  /** Offline, a street found on the device and a pin are enough: the server decides the zone on sync. */
  placeChecked: boolean;
  numberProblem: HouseNumberProblem | null;
  /** The answered number (null: none, or the answer has a problem). */
  houseNumber: string | null;
  canSave: boolean;
  submitText: MessageId;
  /** The details and summary appear once there is a street or a pin. */
  showDetails: boolean;
  /** Where the marker stands: the pin, or the map's centre before there is one. */
  marker: LatLng;
  /** The street line as it will be saved, with its number. */
  streetLine: string | null;
}

export function formView(state: AddressFormState, context: { editing: boolean; saving: boolean }): FormView {
  const { place, pin, onDevice, validation, validating } = state;
  const hasCoordinates = pin !== null && isFiniteLatLng(pin);
  const placeChecked = onDevice || (!!validation?.isValid && validation.isDeliverable);
  const answer = { houseNumber: state.number.text, noHouseNumber: state.number.none };
  // The form asks for the number itself: a number only in the place id does not count here.
  const numberProblem = houseNumberProblem(answer);
  const houseNumber = numberProblem ? null : effectiveHouseNumber(answer);
  const submitText: MessageId = validating
    ? 'addresses.submit.validating'
    : !hasCoordinates
      ? onDevice
        ? 'addresses.submit.placePinFirst'
        : 'addresses.submit.waitingForValidation'
      : numberProblem
        ? 'addresses.submit.numberFirst'
        : context.saving
          ? 'addresses.submit.saving'
          : context.editing
            ? 'addresses.submit.update'
            : 'addresses.submit.add';
  return {
    hasCoordinates,
    placeChecked,
    numberProblem,
    houseNumber,
    canSave: !!place && placeChecked && hasCoordinates && !numberProblem && !validating && !context.saving,
    submitText,
    showDetails: !!place || hasCoordinates,
    marker: pin ?? state.mapCenter,
    streetLine: place ? streetWithHouseNumber(place.streetAddress, place.houseNumber, houseNumber) : null,
  };
}

// ---------- saving ----------

export interface Toast extends ToastWords {
  type: 'success' | 'error' | 'warning';
}

/**
 * What a press on save sends, or the toast that says why not (checked in this order: a checked
 * place, a pin, the zone, the house number, the fields the server requires).
 */
export function submission(state: AddressFormState): { input: AddressInput } | { refusal: Toast } {
  const { place, pin, onDevice, validation, details, pinConfirmed } = state;
  if (!place || !(onDevice || validation?.isValid)) {
    return { refusal: { type: 'error', title: 'addresses.toast.invalidTitle', message: 'addresses.toast.invalidMessage' } };
  }
  if (!pin || !isFiniteLatLng(pin)) {
    return {
      refusal: {
        type: 'error',
        title: 'addresses.toast.notFullyValidatedTitle',
        message: 'addresses.toast.notFullyValidatedMessage',
      },
    };
  }
  if (!onDevice && !validation?.isDeliverable) {
    return {
      refusal: {
        type: 'warning',
        title: 'addresses.toast.notDeliverableTitle',
        message: validation?.notDeliverableMessage ? { verbatim: validation.notDeliverableMessage } : NOT_DELIVERABLE_TEXT,
      },
    };
  }
  const answer = { houseNumber: state.number.text, noHouseNumber: state.number.none };
  const numberProblem = houseNumberProblem(answer);
  if (numberProblem) {
    return { refusal: { type: 'error', title: 'addresses.toast.numberNeededTitle', message: HOUSE_NUMBER_PROBLEM_TEXT[numberProblem] } };
  }
  const houseNumber = effectiveHouseNumber(answer);
  // The server re-keys the place with the number (gazetteer) and rebuilds the lines the same way.
  const numbered = placeWithHouseNumber({ ...place, postalCode: null }, houseNumber, details.postalCode || null);
  const input: AddressInput = {
    label: details.label,
    customLabel: details.label === 'custom' ? details.customLabel : null,
    streetAddress: numbered.streetAddress,
    houseNumber,
    noHouseNumber: state.number.none,
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
    return {
      refusal: {
        type: 'error',
        title: 'addresses.toast.missingDataTitle',
        message: { id: 'addresses.toast.missingDataMessage', values: { fields: missing.join(', ') } },
      },
    };
  }
  return { input };
}

/** After a save: sent, or (offline) waiting in the outbox and already shown on the device copy. */
export function savedToast(outcome: { queued: boolean }, editing: boolean, input: Pick<AddressInput, 'streetAddress'>): Toast {
  return {
    type: 'success',
    title: outcome.queued ? 'addresses.toast.savedOnDevice' : editing ? 'addresses.toast.updated' : 'addresses.toast.added',
    message: outcome.queued ? 'addresses.toast.waitingToSync' : { verbatim: input.streetAddress },
  };
}

/** A save the server refused or that could not be sent (an edit that moves the address needs the network). */
export function saveFailedToast(error: unknown, editing: boolean): Toast {
  if (error instanceof ApiRequestError && error.code === 'not_deliverable') {
    // The server's text: the spec's, naming the nearest kitchen and its distance (issue 22).
    return {
      type: 'warning',
      title: 'addresses.toast.notDeliverableTitle',
      message: error.message ? { verbatim: error.message } : NOT_DELIVERABLE_TEXT,
    };
  }
  if (error instanceof ApiRequestError && error.code === 'address_not_validated') {
    return { type: 'error', ...validationErrorToast(error) };
  }
  return {
    type: 'error',
    title: 'addresses.toast.saveFailedTitle',
    message:
      error instanceof NetworkError
        ? OFFLINE_TEXT
        : error instanceof ApiRequestError && error.message
          ? { verbatim: error.message }
          : editing
            ? 'addresses.toast.updateFailed'
            : 'addresses.toast.saveFailed',
  };
}

// ---------- the store ----------

export interface AddressFormStore {
  get(): AddressFormState;
  dispatch(action: AddressFormAction): void;
  subscribe(listener: () => void): () => void;
}

/** The state outside React (read by useSyncExternalStore), so effects read it as it is now. */
export function createAddressFormStore(initial: AddressFormState): AddressFormStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    dispatch(action) {
      const next = addressFormReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
