import { describe, expect, it } from 'vitest';

import type { Words } from '../../lib/screen-words';
import en from '../../locales/en/addresses.json';
import type { PanelState } from './pin-wording';
import {
  MAP_HINT_TEXT,
  mapKindOf,
  NOT_DELIVERABLE_TEXT,
  NUMBER_FIRST_TEXT,
  NUMBER_MISSING_TEXT,
  OFFLINE_NEEDS_PIN_TEXT,
  OFFLINE_READY_TEXT,
  PIN_REQUEST_TEXT,
  statusFor,
} from './pin-wording';

/** The English the screen shows for `words` (the catalogue's, no values here). */
function english(words: Words): string | undefined {
  return typeof words === 'string' ? (en as Record<string, string>)[words] : undefined;
}

const base: PanelState = {
  mapKind: 'outline',
  hasPlace: true,
  hasCoordinates: false,
  validating: false,
  validation: null,
  onDevice: false,
  numberProblem: null,
};

describe('mapKindOf', () => {
  it('tells our street-less offline style from a hosted one, and both from not knowing yet', () => {
    expect(mapKindOf({ embeddedStyle: true })).toBe('outline');
    expect(mapKindOf({ embeddedStyle: false })).toBe('streets');
    expect(mapKindOf(undefined)).toBe('unknown');
  });
});

describe('the wording never asks for the door on a map without streets', () => {
  it('says what the offline map shows and what it cannot', () => {
    expect(english(MAP_HINT_TEXT.outline)).toMatch(/no streets/);
    expect(english(MAP_HINT_TEXT.outline)).toMatch(/city outline/);
    expect(english(MAP_HINT_TEXT.outline)).toMatch(/restaurants/);
    expect(english(MAP_HINT_TEXT.outline)).toMatch(/delivery circle/);
    for (const id of [MAP_HINT_TEXT.outline, PIN_REQUEST_TEXT.outline, OFFLINE_NEEDS_PIN_TEXT.outline]) {
      const text = english(id);
      expect(text).not.toMatch(/door\b(?! by)/);
      expect(text).not.toMatch(/on your door/);
    }
    for (const id of [MAP_HINT_TEXT.unknown, PIN_REQUEST_TEXT.unknown, OFFLINE_NEEDS_PIN_TEXT.unknown]) {
      expect(english(id)).not.toMatch(/your door/);
    }
  });

  it('keeps the usual wording with a hosted style', () => {
    expect(english(MAP_HINT_TEXT.streets)).toBe('Tap the map or drag the marker to your door, then check the validation box.');
    expect(english(PIN_REQUEST_TEXT.streets)).toBe('Place the pin on your door on the map, then confirm it.');
  });

  it('starts every offline pin request the same way', () => {
    for (const id of Object.values(OFFLINE_NEEDS_PIN_TEXT))
      expect(english(id)?.startsWith('Street found on this device. Place the pin')).toBe(true);
  });
});

describe('statusFor', () => {
  it('walks the questions in order: street, number, pin, zone', () => {
    const status = statusFor({ ...base, hasPlace: false });
    expect(status.tone).toBe('idle');
    expect(english(status.text)).toBe('Search for your street, then place the pin on the map.');
    expect(english(statusFor({ ...base, hasPlace: false, hasCoordinates: true }).text)).toBe(
      'Pin placed. Now search for the street above.',
    );
    expect(statusFor({ ...base, numberProblem: 'missing' }).text).toBe(NUMBER_FIRST_TEXT);
    expect(statusFor({ ...base, numberProblem: 'missing', hasCoordinates: true }).text).toBe(NUMBER_MISSING_TEXT);
    expect(statusFor(base).text).toBe(PIN_REQUEST_TEXT.outline);
    expect(statusFor({ ...base, mapKind: 'streets' }).text).toBe(PIN_REQUEST_TEXT.streets);
    expect(english(statusFor({ ...base, hasCoordinates: true }).text)).toBe('Waiting for validation of the pin…');
    const found = { isValid: true, isDeliverable: false, latitude: null };
    expect(english(statusFor({ ...base, validation: found }).text)).toBe(`Street found. ${english(PIN_REQUEST_TEXT.outline)}`);
    const deliverable = statusFor({ ...base, hasCoordinates: true, validation: { ...found, isDeliverable: true, latitude: 44.9 } });
    expect(deliverable.tone).toBe('ok');
    expect(english(deliverable.text)).toBe('Deliverable');
    expect(statusFor({ ...base, hasCoordinates: true, validation: { ...found, latitude: 44.6 } })).toEqual({
      tone: 'bad',
      text: NOT_DELIVERABLE_TEXT,
    });
    expect(statusFor({ ...base, validation: { ...found, isValid: false } }).tone).toBe('bad');
    const refused = { ...found, latitude: 44.6, notDeliverableMessage: 'The nearest kitchen is 12.4 km away.' };
    expect(statusFor({ ...base, hasCoordinates: true, validation: refused }).text).toEqual({ verbatim: refused.notDeliverableMessage });
  });

  it('says Validating... while a check runs, whatever else is pending', () => {
    const validating = statusFor({ ...base, validating: true, numberProblem: 'missing' });
    expect(validating.tone).toBe('busy');
    expect(english(validating.text)).toBe('Validating...');
  });

  it('offline: the street from the device, then the pin', () => {
    expect(statusFor({ ...base, onDevice: true }).text).toBe(OFFLINE_NEEDS_PIN_TEXT.outline);
    expect(statusFor({ ...base, onDevice: true, hasCoordinates: true }).text).toBe(OFFLINE_READY_TEXT);
    expect(statusFor({ ...base, onDevice: true, numberProblem: 'missing' }).text).toBe(NUMBER_FIRST_TEXT);
  });
});
