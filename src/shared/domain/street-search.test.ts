import { describe, expect, it } from 'vitest';

import streets from '../data/ploiesti-streets.json';
import type { StreetIndexRecord } from './street-search';
import { foldText, postalCodeFor, StreetGazetteer, toResolvedPlace, toSuggestion } from './street-search';

// The street list the device searches offline (the projection of api/data/geo; see geo-gazetteer.test.ts).
const onDevice = new StreetGazetteer(streets as StreetIndexRecord[]);

describe('foldText', () => {
  it('drops diacritics (comma and cedilla forms alike), case and punctuation', () => {
    expect(foldText('Strada Mărășești')).toBe('strada marasesti');
    expect(foldText('Independenţei')).toBe(foldText('Independenței'));
    expect(foldText('  Bd.  Republicii, nr. 12 ')).toBe('bd republicii nr 12');
    expect(foldText('ÎNTRAREA Râfov')).toBe('intrarea rafov');
  });
});

describe('street search on the device', () => {
  it('holds every Ploiești street', () => {
    expect(onDevice.size).toBe(901);
  });

  it('is diacritics-insensitive in both directions', () => {
    for (const query of ['marasesti', 'Mărășești', 'MĂRĂŞEŞTI', 'mărășești']) {
      expect(onDevice.search(query)[0]?.street.fullName, query).toBe('Strada Mărășești');
    }
    expect(onDevice.search('independentei')[0]?.street.fullName).toBe('Bulevardul Independenței');
    expect(onDevice.search('Independenţei')[0]?.street.fullName).toBe('Bulevardul Independenței');
  });

  it('is word-order-insensitive and ignores street-type words', () => {
    for (const query of ['doja gheorghe', 'Gheorghe Doja', 'str. gheorghe doja']) {
      expect(onDevice.search(query)[0]?.street.fullName, query).toBe('Strada Doja Gheorghe');
    }
    expect(onDevice.search('strada')).toEqual([]);
  });

  it('reads a trailing house number and picks its postal code', () => {
    const [match] = onDevice.search('gheorghe doja 75');
    expect(match?.houseNumber).toBe('75');
    expect(match?.postalCode).toBe('100141');
    expect(postalCodeFor(match!.street, '12')).toBe('100151');
  });

  it('makes a suggestion and a place that round-trip through the place id', () => {
    const [match] = onDevice.search('doja 12');
    const suggestion = toSuggestion(match!);
    expect(suggestion).toEqual({
      place_id: 'gazetteer:strada-doja-gheorghe:12',
      description: 'Strada Doja Gheorghe 12, 100151 Ploiești, Romania',
      structured_formatting: { main_text: 'Strada Doja Gheorghe 12', secondary_text: '100151 Ploiești, Romania' },
      latitude: null,
      longitude: null,
    });
    const found = onDevice.lookup(suggestion.place_id);
    expect(found && toResolvedPlace(found)).toEqual({
      placeId: 'gazetteer:strada-doja-gheorghe:12',
      streetAddress: 'Strada Doja Gheorghe 12',
      city: 'Ploiești',
      postalCode: '100151',
      country: 'Romania',
      formattedAddress: 'Strada Doja Gheorghe 12, 100151 Ploiești, Romania',
      houseNumber: '12',
    });
    expect(onDevice.lookup('gazetteer:no-such-street')).toBeNull();
    expect(onDevice.lookup('ChIJ-google-place-id')).toBeNull();
  });
});
