/**
 * What the address panel says about the map and the pin (issue 27). In the default set-up the map
 * is our own offline style: the Ploiești city outline, the restaurants as dots and the delivery
 * circle, and no streets at all. Asking someone to "place the pin on your door" on that map is
 * asking the impossible, so the wording says what the map shows and what it cannot, and that the
 * driver finds the door by the street and number. With a hosted style (MAP_STYLE_URL, streets and
 * buildings) the usual wording stands. Until the map's configuration is known, a neutral wording.
 *
 * Pure: the panel's status line is decided here (statusFor) so every state is unit tested.
 */
import type { HouseNumberProblem } from '../../shared/domain/house-number';
import type { AddressValidationResult, MapConfig } from '../../shared/schemas/address';
import type { MessageId } from '../../lib/i18n';
import type { Words } from '../../lib/screen-words';

/** 'streets': a hosted style; 'outline': our offline style without streets; 'unknown': not loaded (yet). */
export type MapKind = 'streets' | 'outline' | 'unknown';

export function mapKindOf(config: Pick<MapConfig, 'embeddedStyle'> | undefined): MapKind {
  if (!config) return 'unknown';
  return config.embeddedStyle ? 'outline' : 'streets';
}

/** The line above the map. */
export const MAP_HINT_TEXT: Record<MapKind, MessageId> = {
  streets: 'addresses.mapHint.streets',
  outline: 'addresses.mapHint.outline',
  unknown: 'addresses.mapHint.unknown',
};

/** What the status line asks for once the street is known and the pin is still missing. */
export const PIN_REQUEST_TEXT: Record<MapKind, MessageId> = {
  streets: 'addresses.pinRequest.streets',
  outline: 'addresses.pinRequest.outline',
  unknown: 'addresses.pinRequest.unknown',
};

/** The same, once the server found the street but not its point ("Street found. Place the pin…"). */
export const STREET_FOUND_PIN_REQUEST_TEXT: Record<MapKind, MessageId> = {
  streets: 'addresses.streetFoundPinRequest.streets',
  outline: 'addresses.streetFoundPinRequest.outline',
  unknown: 'addresses.streetFoundPinRequest.unknown',
};

/** Offline, street found on the device, pin still missing. Starts the same way in every case. */
export const OFFLINE_NEEDS_PIN_TEXT: Record<MapKind, MessageId> = {
  streets: 'addresses.offlineNeedsPin.streets',
  outline: 'addresses.offlineNeedsPin.outline',
  unknown: 'addresses.offlineNeedsPin.unknown',
};

export const OFFLINE_READY_TEXT: MessageId = 'addresses.status.offlineReady';
/** The spec's text (src/shared/domain/zones.ts NOT_DELIVERABLE_TEXT), in the screen's language. */
export const NOT_DELIVERABLE_TEXT: MessageId = 'addresses.notDeliverable';
export const NUMBER_FIRST_TEXT: MessageId = 'addresses.status.numberFirst';
export const NUMBER_MISSING_TEXT: MessageId = 'addresses.houseNumber.missing';

/** What is wrong with the house-number answer (src/shared/domain/house-number.ts HOUSE_NUMBER_TEXTS), in the screen's language. */
export const HOUSE_NUMBER_PROBLEM_TEXT: Record<HouseNumberProblem, MessageId> = {
  missing: NUMBER_MISSING_TEXT,
  invalid: 'addresses.houseNumber.invalid',
  both: 'addresses.houseNumber.both',
};

export interface PanelState {
  mapKind: MapKind;
  hasPlace: boolean;
  hasCoordinates: boolean;
  validating: boolean;
  validation: Pick<AddressValidationResult, 'isValid' | 'isDeliverable' | 'latitude' | 'notDeliverableMessage'> | null;
  /** Offline: the street was found in the list on this device. */
  onDevice: boolean;
  /** What is wrong with the house-number answer (null: answered). */
  numberProblem: HouseNumberProblem | null;
}

export type StatusTone = 'idle' | 'busy' | 'ok' | 'bad';

/** The status line under the form: what happened and what to do next, in the panel's order (street, number, pin). */
export function statusFor(state: PanelState): { tone: StatusTone; text: Words } {
  const { mapKind, hasPlace, hasCoordinates, validating, validation, onDevice, numberProblem } = state;
  if (validating) return { tone: 'busy', text: 'addresses.status.validating' };
  if (!hasPlace) {
    return {
      tone: 'idle',
      text: hasCoordinates ? 'addresses.status.pinPlaced' : 'addresses.status.searchFirst',
    };
  }
  // The number comes before the pin (issue 27): a driver needs it more than a precise pin.
  if (numberProblem) return { tone: 'idle', text: hasCoordinates ? NUMBER_MISSING_TEXT : NUMBER_FIRST_TEXT };
  if (onDevice) return { tone: 'idle', text: hasCoordinates ? OFFLINE_READY_TEXT : OFFLINE_NEEDS_PIN_TEXT[mapKind] };
  if (!validation) return { tone: 'idle', text: hasCoordinates ? 'addresses.status.waitingForPin' : PIN_REQUEST_TEXT[mapKind] };
  if (!validation.isValid) return { tone: 'bad', text: 'addresses.status.invalid' };
  if (validation.latitude === null) return { tone: 'idle', text: STREET_FOUND_PIN_REQUEST_TEXT[mapKind] };
  if (validation.isDeliverable) return { tone: 'ok', text: 'addresses.status.deliverable' };
  // The server's words (issue 22: they name the nearest kitchen and its distance).
  return { tone: 'bad', text: validation.notDeliverableMessage ? { verbatim: validation.notDeliverableMessage } : NOT_DELIVERABLE_TEXT };
}
