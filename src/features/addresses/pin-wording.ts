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
import { NOT_DELIVERABLE_TEXT } from '../../shared/domain/zones';

/** 'streets': a hosted style; 'outline': our offline style without streets; 'unknown': not loaded (yet). */
export type MapKind = 'streets' | 'outline' | 'unknown';

export function mapKindOf(config: Pick<MapConfig, 'embeddedStyle'> | undefined): MapKind {
  if (!config) return 'unknown';
  return config.embeddedStyle ? 'outline' : 'streets';
}

/** The line above the map. */
export const MAP_HINT_TEXT: Record<MapKind, string> = {
  streets: 'Tap the map or drag the marker to your door, then check the validation box.',
  outline:
    'This map shows no streets: only the Ploiești city outline, our restaurants (dots) and the delivery circle (dashed). Put the pin as near your building as you can, or type its coordinates below; the driver finds your door by the street and number.',
  unknown: 'Tap the map or drag the marker to where your building is, or type its coordinates below.',
};

/** What the status line asks for once the street is known and the pin is still missing. */
export const PIN_REQUEST_TEXT: Record<MapKind, string> = {
  streets: 'Place the pin on your door on the map, then confirm it.',
  outline: 'Place the pin near your building on the map (it shows no streets), then confirm it.',
  unknown: 'Place the pin where your building is on the map, then confirm it.',
};

/** Offline, street found on the device, pin still missing. Starts the same way in every case. */
export const OFFLINE_NEEDS_PIN_TEXT: Record<MapKind, string> = {
  streets: 'Street found on this device. Place the pin on your door (the map may need a connection: you can type its coordinates below).',
  outline:
    'Street found on this device. Place the pin near your building (the map shows no streets, and may need a connection: you can type its coordinates below).',
  unknown:
    'Street found on this device. Place the pin where your building is (the map may need a connection: you can type its coordinates below).',
};

export const OFFLINE_READY_TEXT =
  'Street found on this device. You are offline: the restaurant checks delivery to this pin when the address is sent.';
export { NOT_DELIVERABLE_TEXT };
export const NUMBER_FIRST_TEXT = 'Street found. Enter the house number (or tick "This address has no house number"), then place the pin.';
export const NUMBER_MISSING_TEXT = 'Enter the house number, or tick "This address has no house number".';

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
export function statusFor(state: PanelState): { tone: StatusTone; text: string } {
  const { mapKind, hasPlace, hasCoordinates, validating, validation, onDevice, numberProblem } = state;
  if (validating) return { tone: 'busy', text: 'Validating...' };
  if (!hasPlace) {
    return {
      tone: 'idle',
      text: hasCoordinates ? 'Pin placed. Now search for the street above.' : 'Search for your street, then place the pin on the map.',
    };
  }
  // The number comes before the pin (issue 27): a driver needs it more than a precise pin.
  if (numberProblem) return { tone: 'idle', text: hasCoordinates ? NUMBER_MISSING_TEXT : NUMBER_FIRST_TEXT };
  if (onDevice) return { tone: 'idle', text: hasCoordinates ? OFFLINE_READY_TEXT : OFFLINE_NEEDS_PIN_TEXT[mapKind] };
  if (!validation) return { tone: 'idle', text: hasCoordinates ? 'Waiting for validation of the pin…' : PIN_REQUEST_TEXT[mapKind] };
  if (!validation.isValid) return { tone: 'bad', text: 'We could not validate this address. Please choose another suggestion.' };
  if (validation.latitude === null) return { tone: 'idle', text: `Street found. ${PIN_REQUEST_TEXT[mapKind]}` };
  if (validation.isDeliverable) return { tone: 'ok', text: 'Deliverable' };
  // The server's words (issue 22: they name the nearest kitchen and its distance).
  return { tone: 'bad', text: validation.notDeliverableMessage ?? NOT_DELIVERABLE_TEXT };
}
