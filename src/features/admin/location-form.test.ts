import { describe, expect, it } from 'vitest';

import { everyWordOf } from '../../../tests/fixtures/every-word';
import type { Translate } from '../../lib/i18n';
import type { Locale } from '../../shared/i18n/locales';
import type { Location } from '../../shared/schemas/restaurant';
import { locationSchema } from '../../shared/schemas/restaurant';
import { addFeeBand, fieldErrorsFromDetails, formToLocationUpdate, locationToForm, removeFeeBand, updateFeeBand } from './location-form';

/** The screen's `t` in `locale`, every catalogue part held (the pure modules take it as a screen hands it). */
function wordsIn(locale: Locale): Translate {
  const runtime = everyWordOf(locale);
  return (id, values) => runtime._(id, values);
}

const en = wordsIn('en');

const location: Location = locationSchema.parse({
  id: 2,
  name: 'Kitchen Nord',
  address: 'Strada Nordului 1, Ploiești',
  phone: '0244 000 000',
  latitude: 44.96,
  longitude: 26.02,
  openingHours: {
    weekly: { mon: [{ open: '11:00', close: '22:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
    exceptions: [],
  },
  zone: { kind: 'radius', radiusKm: 6 },
  leadMinutes: 30,
  slotCapacity: 8,
  minimumOrderBani: 4_000,
  deliveryFees: {
    bands: [
      { upToKm: 3, feeBani: 0 },
      { upToKm: 6, feeBani: 999 },
    ],
    freeAboveBani: 12_000,
  },
  version: 4,
});

describe('the fee-band editor state', () => {
  it('reads a location as text: bands in lei with two decimals, the threshold, minutes', () => {
    const form = locationToForm(location);
    expect(form.bands).toEqual([
      { upToKm: '3', fee: '0.00' },
      { upToKm: '6', fee: '9.99' },
    ]);
    expect(form.freeAbove).toBe('120.00');
    expect(form.minimumOrder).toBe('40.00');
    expect([form.leadMinutes, form.slotCapacity, form.radiusKm, form.version]).toEqual(['30', '8', '6', 4]);
  });

  it('adds a band after the last, capped at the radius, at the last fee; never more than the limit', () => {
    expect(addFeeBand([{ upToKm: '3', fee: '0.00' }], '10')).toEqual([
      { upToKm: '3', fee: '0.00' },
      { upToKm: '6', fee: '0.00' },
    ]);
    expect(addFeeBand([{ upToKm: '9', fee: '14.99' }], '10')[1]).toEqual({ upToKm: '10', fee: '14.99' });
    const eight = Array.from({ length: 8 }, (_, i) => ({ upToKm: String(i + 1), fee: '1.00' }));
    expect(addFeeBand(eight, '10')).toHaveLength(8);
  });

  it('splits the last band at its middle when it already reaches the radius (the one-band case)', () => {
    expect(addFeeBand([{ upToKm: '10', fee: '7.50' }], '10')).toEqual([
      { upToKm: '5', fee: '7.50' },
      { upToKm: '10', fee: '7.50' },
    ]);
    expect(
      addFeeBand(
        [
          { upToKm: '3', fee: '0.00' },
          { upToKm: '10', fee: '9.99' },
        ],
        '10',
      ),
    ).toEqual([
      { upToKm: '3', fee: '0.00' },
      { upToKm: '6.5', fee: '9.99' },
      { upToKm: '10', fee: '9.99' },
    ]);
    // Nothing left to split (0.5 km apart): unchanged.
    expect(
      addFeeBand(
        [
          { upToKm: '9.5', fee: '1.00' },
          { upToKm: '10', fee: '2.00' },
        ],
        '10',
      ),
    ).toHaveLength(2);
  });

  it('removes a band but keeps the last one', () => {
    const bands = [
      { upToKm: '3', fee: '0.00' },
      { upToKm: '6', fee: '9.99' },
    ];
    expect(removeFeeBand(bands, 0)).toEqual([{ upToKm: '6', fee: '9.99' }]);
    expect(removeFeeBand([{ upToKm: '6', fee: '9.99' }], 0)).toEqual([{ upToKm: '6', fee: '9.99' }]);
  });

  it('edits one row only', () => {
    const bands = updateFeeBand(locationToForm(location).bands, 1, { fee: '11.50' });
    expect(bands).toEqual([
      { upToKm: '3', fee: '0.00' },
      { upToKm: '6', fee: '11.50' },
    ]);
  });
});

describe('formToLocationUpdate', () => {
  it('gives the contract body in bani, with the version', () => {
    const form = { ...locationToForm(location), bands: updateFeeBand(locationToForm(location).bands, 1, { fee: '11.5' }), freeAbove: '' };
    const result = formToLocationUpdate(form, en);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.deliveryFees).toEqual({
      bands: [
        { upToKm: 3, feeBani: 0 },
        { upToKm: 6, feeBani: 1_150 },
      ],
      freeAboveBani: null,
    });
    expect(result.value.zone).toEqual({ kind: 'radius', radiusKm: 6 });
    expect(result.value.version).toBe(4);
  });

  it('names each bad field: a fee with three decimals, a band short of the radius, bands out of order, a bad lead time', () => {
    const form = locationToForm(location);
    const bad = formToLocationUpdate(
      {
        ...form,
        leadMinutes: 'soon',
        bands: [
          { upToKm: '3', fee: '1.999' },
          { upToKm: '5', fee: '2.00' },
        ],
      },
      en,
    );
    expect(bad).toEqual({
      ok: false,
      errors: {
        leadMinutes: 'Lead time must be a whole number of minutes',
        'bands.0.fee': 'Fee must be a number of lei, e.g. 9.99',
        'bands.1.upToKm': 'The last band must reach the delivery radius (6 km)',
      },
    });
    const unordered = formToLocationUpdate(
      {
        ...form,
        bands: [
          { upToKm: '6', fee: '0' },
          { upToKm: '6', fee: '2' },
        ],
      },
      en,
    );
    expect(unordered.ok).toBe(false);
    if (!unordered.ok) expect(Object.keys(unordered.errors)).toEqual(['bands']);
    const capacity = formToLocationUpdate({ ...form, slotCapacity: '0' }, en);
    expect(capacity.ok).toBe(false);
    if (!capacity.ok) expect(Object.keys(capacity.errors)).toEqual(['slotCapacity']);
  });

  it("maps the server's 400 details back to the fields", () => {
    expect(
      fieldErrorsFromDetails([
        { path: 'deliveryFees.bands.1.upToKm', message: 'the last fee band must reach the radius' },
        { path: 'minimumOrderBani', message: 'too big' },
        'noise',
      ]),
    ).toEqual({ 'bands.1.upToKm': 'the last fee band must reach the radius', minimumOrder: 'too big' });
  });
});
