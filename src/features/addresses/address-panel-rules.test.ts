import { everyWordOf } from '../../../tests/fixtures/every-word';
import { beforeAll, describe, expect, it } from 'vitest';

import { ApiRequestError, NetworkError } from '../../lib/api-fetch';
import type { Translate } from '../../lib/i18n';
import type { Words } from '../../lib/screen-words';
import { toastText, wordsText } from '../../lib/screen-words';
import { clampZoom, MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '../../shared/schemas/address';
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
} from './address-panel-rules';

/** The English the screen shows (the catalogue's own runtime): the spec's texts are a contract. */
let t: Translate;
beforeAll(async () => {
  const english = everyWordOf('en');
  t = (id, values) => english._(id, values);
});
const said = (words: Words) => wordsText(t, words);

describe('spec §9 constants', () => {
  it('debounces search 300 ms and the map re-lookup 500 ms', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    expect(REVERSE_LOOKUP_DEBOUNCE_MS).toBe(500);
  });

  it('zooms 1..21 from a default of 12', () => {
    expect([MAP_MIN_ZOOM, MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM]).toEqual([1, 12, 21]);
    expect(clampZoom(0)).toBe(1);
    expect(clampZoom(-5)).toBe(1);
    expect(clampZoom(22)).toBe(21);
    expect(clampZoom(21)).toBe(21);
    expect(clampZoom(13.5)).toBe(13.5);
    expect(clampZoom(Number.NaN)).toBe(12);
  });
});

describe('searchTermFor (spec §5: at least 3 trimmed characters)', () => {
  it.each([
    ['', null],
    ['do', null],
    ['  do  ', null],
    ['   ', null],
    ['doj', 'doj'],
    ['  doja  ', 'doja'],
  ])('%j -> %j', (query, expected) => {
    expect(searchTermFor(query)).toBe(expected);
  });
});

describe('canReverseGeocode (spec §5: skipped for missing or NaN coordinates)', () => {
  it('accepts a real point', () => {
    expect(canReverseGeocode({ latitude: 44.94, longitude: 26.03 })).toBe(true);
    expect(canReverseGeocode({ latitude: 0, longitude: 0 })).toBe(true);
  });
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['missing longitude', { latitude: 44.94 }],
    ['null latitude', { latitude: null, longitude: 26.03 }],
    ['NaN latitude', { latitude: Number.NaN, longitude: 26.03 }],
    ['NaN longitude', { latitude: 44.94, longitude: Number.NaN }],
    ['infinite', { latitude: Number.POSITIVE_INFINITY, longitude: 26.03 }],
    ['out of range', { latitude: 91, longitude: 26.03 }],
  ])('refuses %s', (_name, point) => {
    expect(canReverseGeocode(point)).toBe(false);
  });
});

describe('spec §8 toasts', () => {
  const upstream = new ApiRequestError(503, 'geocoder_unavailable', 'Failed to fetch address suggestions. Please try again.');
  const offline = new NetworkError(new TypeError('Failed to fetch'));

  it("search: 'Search Error' with the spec's three descriptions", () => {
    expect(toastText(t, searchErrorToast(upstream))).toEqual({
      title: 'Search Error',
      message: 'Failed to fetch address suggestions. Please try again.',
    });
    expect(toastText(t, searchErrorToast(offline))).toEqual({
      title: 'Search Error',
      message: 'Failed to fetch address suggestions. Please try again.',
    });
    expect(toastText(t, searchErrorToast(new ApiRequestError(500, 'search_failed', 'x')))).toEqual({
      title: 'Search Error',
      message: 'Unexpected error during search.',
    });
    expect(toastText(t, searchErrorToast(new SyntaxError('bad JSON')))).toEqual({
      title: 'Search Error',
      message: 'An unexpected error occurred during address search.',
    });
  });

  it("validation: 'Validation Error'", () => {
    expect(toastText(t, validationErrorToast(upstream))).toEqual({
      title: 'Validation Error',
      message: 'Failed to validate address. Please try again.',
    });
    expect(toastText(t, validationErrorToast(offline))).toEqual({ title: 'Validation Error', message: t(OFFLINE_TEXT) });
  });

  it("reverse: 'Reverse Geocoding Failed' for a server answer, 'Reverse Geocoding Error' otherwise", () => {
    expect(toastText(t, reverseErrorToast(new ApiRequestError(503, 'geocoder_unavailable', 'No address found for this point.')))).toEqual({
      title: 'Reverse Geocoding Failed',
      message: 'No address found for this point.',
    });
    expect(toastText(t, reverseErrorToast(new Error('boom')))).toEqual({ title: 'Reverse Geocoding Error', message: 'Unexpected error' });
    expect(toastText(t, reverseErrorToast(offline))).toEqual({ title: 'Reverse Geocoding Error', message: t(OFFLINE_TEXT) });
  });

  it("'Address Validated!' names the zone, the fee in RON (5 RON when none) and the time", () => {
    expect(said(validatedToastMessage({ deliveryZone: '1.6 km Center', deliveryFee: '7.50', estimatedTime: '30-45 minutes' }))).toBe(
      'Delivery zone: 1.6 km Center. Delivery fee: 7.50 RON. Estimated time: 30-45 minutes.',
    );
    expect(said(validatedToastMessage({ deliveryZone: '1.6 km Center', estimatedTime: null }))).toBe(
      'Delivery zone: 1.6 km Center. Delivery fee: 5.00 RON.',
    );
  });
});
