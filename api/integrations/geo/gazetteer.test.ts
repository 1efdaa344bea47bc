import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import type { StreetIndexRecord } from '../../../src/shared/domain/street-search';
import {
  StreetGazetteer as SharedStreetGazetteer,
  streetIndexFileText,
  toResolvedPlace,
  toSuggestion,
} from '../../../src/shared/domain/street-search';

import { createGazetteerGeo, loadStreets, postalCodeFor, StreetGazetteer } from './gazetteer';

const geo = createGazetteerGeo();
const gazetteer = geo.gazetteer;

describe('street gazetteer matching', () => {
  it('holds all 901 Ploiești streets', () => {
    expect(gazetteer.size).toBe(901);
  });

  it('is word-order insensitive: "doja gheorghe" and "Gheorghe Doja" both find Strada Doja Gheorghe', () => {
    expect(gazetteer.search('doja gheorghe')[0]?.street.fullName).toBe('Strada Doja Gheorghe');
    expect(gazetteer.search('Gheorghe Doja')[0]?.street.fullName).toBe('Strada Doja Gheorghe');
    expect(gazetteer.search('str. Gheorghe Doja')[0]?.street.fullName).toBe('Strada Doja Gheorghe');
  });

  it('is diacritics insensitive in both directions (comma and cedilla forms too)', () => {
    expect(gazetteer.search('independentei')[0]?.street.fullName).toBe('Bulevardul Independenței');
    expect(gazetteer.search('Independenţei')[0]?.street.fullName).toBe('Bulevardul Independenței');
    expect(gazetteer.search('MARASESTI')[0]?.street.fullName).toBe('Strada Mărășești');
    expect(gazetteer.search('bd republicii')[0]?.street.fullName).toBe('Bulevardul Republicii');
  });

  it('finds Calea Râfovului by its core name and prefixes', () => {
    expect(gazetteer.search('Calea Rafovului')[0]?.street.fullName).toBe('Strada Râfov');
    expect(gazetteer.search('rafo')[0]?.street.fullName).toBe('Strada Râfov');
  });

  it('uses matchVariants for ranking only, never for display', async () => {
    const suggestions = await geo.autocomplete('Gheorghe Doja');
    expect(suggestions[0]?.structured_formatting.main_text).toBe('Strada Doja Gheorghe');
    expect(suggestions.every((s) => !s.description.includes('Gheorghe Doja'))).toBe(true);
    // The in-order variant ranks the street above others that merely contain both words.
    const streets = loadStreets();
    const variantOnly = new StreetGazetteer(streets.filter((s) => s.fullName === 'Strada Doja Gheorghe'));
    expect(variantOnly.search('gheorghe doja')[0]?.score).toBeGreaterThan(variantOnly.search('gheorghe')[0]!.score);
  });

  it('keeps numbers that belong to the name', () => {
    expect(gazetteer.search('1 Decembrie 1918')[0]?.street.fullName).toBe('Piața 1 Decembrie 1918');
    expect(gazetteer.search('1 Decembrie 1918')[0]?.houseNumber).toBeNull();
    expect(gazetteer.search('1 mai')[0]?.street.fullName).toBe('Strada 1 Mai');
  });

  it('answers nothing for type words or unknown names', () => {
    expect(gazetteer.search('strada')).toEqual([]);
    expect(gazetteer.search('zzzqqq')).toEqual([]);
  });
});

describe('house number -> postal code', () => {
  const doja = loadStreets().find((s) => s.fullName === 'Strada Doja Gheorghe')!;

  it('picks the range by number and parity', () => {
    expect(postalCodeFor(doja, '12')).toBe('100151'); // nr. 2-54 even
    expect(postalCodeFor(doja, '13')).toBe('100151'); // nr. 1-73 odd
    expect(postalCodeFor(doja, '75')).toBe('100141'); // nr. 75-125 odd
    expect(postalCodeFor(doja, '56')).toBe('100141'); // nr. 56-96 even
    expect(postalCodeFor(doja, '126')).toBe('100164'); // nr. 98-140 even
    expect(postalCodeFor(doja, '235')).toBe('100176'); // single number 235
    expect(postalCodeFor(doja, '233')).toBeNull(); // between ranges, several codes: unknown
    expect(postalCodeFor(doja, null)).toBeNull();
  });

  it("reads 'to: null' as to the end of the street", () => {
    const marasesti = loadStreets().find((s) => s.fullName === 'Strada Mărășești')!;
    const openRange = marasesti.numberRanges!.find((r) => r.parsed.some((p) => p.to === null && p.parity === 'odd'))!;
    const from = openRange.parsed.find((p) => p.to === null)!.from;
    expect(postalCodeFor(marasesti, String(from + 2000 + (from % 2 === 0 ? 1 : 0)))).toBe(openRange.postalCode);
  });

  it('gives the only code of a single-code street whatever the number', () => {
    const independentei = loadStreets().find((s) => s.fullName === 'Bulevardul Independenței')!;
    expect(postalCodeFor(independentei, '7')).toBe('100028');
    expect(postalCodeFor(independentei, null)).toBe('100028');
  });

  it('reads a trailing house number in a search and carries it into the suggestion', async () => {
    const [match] = gazetteer.search('gheorghe doja 75');
    expect(match).toMatchObject({ houseNumber: '75', postalCode: '100141' });
    const [suggestion] = await geo.autocomplete('gheorghe doja 75');
    expect(suggestion).toEqual({
      place_id: 'gazetteer:strada-doja-gheorghe:75',
      description: 'Strada Doja Gheorghe 75, 100141 Ploiești, Romania',
      structured_formatting: { main_text: 'Strada Doja Gheorghe 75', secondary_text: '100141 Ploiești, Romania' },
      latitude: null,
      longitude: null,
    });
  });
});

describe('gazetteer resolve and reverse', () => {
  it('resolves its own place ids, with no coordinates', async () => {
    const place = await geo.resolve('gazetteer:strada-doja-gheorghe:12');
    expect(place).toMatchObject({
      streetAddress: 'Strada Doja Gheorghe 12',
      postalCode: '100151',
      city: 'Ploiești',
      latitude: null,
      longitude: null,
    });
    expect(await geo.resolve('gazetteer:strada-nu-exista')).toBeNull();
    expect(await geo.resolve('ChIJ-google-id')).toBeNull();
    expect(await geo.resolve('gazetteer:strada-doja-gheorghe:12:x')).toBeNull();
  });

  it('says Ploiești inside the city limit and nothing outside, never inventing a street', async () => {
    const inside = await geo.reverse(44.9367, 26.0129);
    expect(inside).toMatchObject({ found: true, locality: 'Ploiești', route: null, streetNumber: null, insideCity: true });
    const bucharest = await geo.reverse(44.4268, 26.1025);
    expect(bucharest).toMatchObject({ found: false, route: null, locality: null, insideCity: false });
  });
});

describe('the street list on the device matches the server', () => {
  const shipped = readFileSync(new URL('../../../src/shared/data/ploiesti-streets.json', import.meta.url), 'utf8');
  const onDevice = new SharedStreetGazetteer(JSON.parse(shipped) as StreetIndexRecord[]);

  it('ships exactly the projection of api/data/geo (run `npx tsx scripts/make-street-index.ts` after changing it)', () => {
    expect(shipped).toBe(streetIndexFileText(loadStreets()));
  });

  const queries = [
    'doja',
    'Gheorghe Doja 12',
    'str. gheorghe doja 75',
    'marasesti',
    'Mărășești 3',
    'Independenţei',
    'bd republicii 10',
    'calea rafovului',
    '1 decembrie 1918',
    '1 mai',
    'mihai',
    'strada',
    'zzzqqq',
  ];
  it.each(queries)('"%s" gives the same suggestions and places on the device as on the server', async (query) => {
    const server = await geo.autocomplete(query);
    const device = onDevice.search(query).map(toSuggestion);
    expect(device).toEqual(server);
    for (const suggestion of server) {
      const match = onDevice.lookup(suggestion.place_id);
      expect(match && { ...toResolvedPlace(match), latitude: null, longitude: null }).toEqual(await geo.resolve(suggestion.place_id));
    }
  });

  it('the queries above are not vacuous', async () => {
    expect((await geo.autocomplete('mihai')).length).toBeGreaterThan(1);
  });
});
