import { describe, expect, it } from 'vitest';

import {
  effectiveHouseNumber,
  GAZETTEER_PLACE_PREFIX,
  gazetteerHouseNumber,
  gazetteerPlaceIdWithNumber,
  houseNumberProblem,
  isHouseNumber,
  lacksHouseNumberAnswer,
  normalizeHouseNumber,
  placeWithHouseNumber,
  streetWithHouseNumber,
} from './house-number';
import { GAZETTEER_PLACE_PREFIX as STREET_SEARCH_PREFIX } from './street-search';

describe('normalizeHouseNumber', () => {
  it.each([
    ['12', '12'],
    [' 12a ', '12A'],
    ['nr. 12 a', '12A'],
    ['Nr12', '12'],
    ['număr 7', '7'],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('%j -> %j', (typed, expected) => {
    expect(normalizeHouseNumber(typed)).toBe(expected);
  });

  it('keeps what it cannot read, for the rule to refuse', () => {
    expect(normalizeHouseNumber('abc')).toBe('ABC');
    expect(isHouseNumber('abc')).toBe(false);
    expect(isHouseNumber('12345')).toBe(false);
    expect(isHouseNumber('12-14')).toBe(false);
    expect(isHouseNumber('12 b')).toBe(true);
  });
});

describe('gazetteer place ids', () => {
  it('uses the same prefix as the street search', () => {
    expect(GAZETTEER_PLACE_PREFIX).toBe(STREET_SEARCH_PREFIX);
  });

  it('reads the number a gazetteer id carries', () => {
    expect(gazetteerHouseNumber('gazetteer:strada-doja-gheorghe:12')).toBe('12');
    expect(gazetteerHouseNumber(' gazetteer:strada-doja-gheorghe:12b ')).toBe('12B');
    expect(gazetteerHouseNumber('gazetteer:strada-doja-gheorghe')).toBeNull();
    expect(gazetteerHouseNumber('gazetteer:strada-doja-gheorghe:12;drop')).toBeNull();
    expect(gazetteerHouseNumber('gazetteer:strada-doja-gheorghe:12:1')).toBeNull();
    expect(gazetteerHouseNumber('ChIJ12')).toBeNull();
  });

  it('re-keys a gazetteer id with another number or none, and leaves other ids alone', () => {
    expect(gazetteerPlaceIdWithNumber('gazetteer:strada-doja-gheorghe', '12')).toBe('gazetteer:strada-doja-gheorghe:12');
    expect(gazetteerPlaceIdWithNumber('gazetteer:strada-doja-gheorghe:12', '75')).toBe('gazetteer:strada-doja-gheorghe:75');
    expect(gazetteerPlaceIdWithNumber('gazetteer:strada-doja-gheorghe:12', null)).toBe('gazetteer:strada-doja-gheorghe');
    expect(gazetteerPlaceIdWithNumber('osm:way:123', '12')).toBe('osm:way:123');
    expect(gazetteerPlaceIdWithNumber('gazetteer:strada-doja-gheorghe:12;drop', '12')).toBe('gazetteer:strada-doja-gheorghe:12;drop');
    expect(gazetteerPlaceIdWithNumber('gazetteer:a:1:2', '12')).toBe('gazetteer:a:1:2');
  });
});

describe('houseNumberProblem', () => {
  const street = 'gazetteer:strada-doja-gheorghe';

  it('refuses a street with no number and no explicit "no number"', () => {
    expect(houseNumberProblem({ houseNumber: null, noHouseNumber: false }, street)).toBe('missing');
    expect(houseNumberProblem({ houseNumber: '  ', noHouseNumber: undefined }, street)).toBe('missing');
    expect(houseNumberProblem({ houseNumber: undefined, noHouseNumber: false }, 'ChIJ-google-id')).toBe('missing');
    expect(houseNumberProblem({ houseNumber: undefined, noHouseNumber: false })).toBe('missing');
  });

  it('accepts a typed number, a number in the gazetteer id, or an explicit "no number"', () => {
    expect(houseNumberProblem({ houseNumber: '12', noHouseNumber: false }, street)).toBeNull();
    expect(houseNumberProblem({ houseNumber: null, noHouseNumber: false }, `${street}:12`)).toBeNull();
    expect(houseNumberProblem({ houseNumber: null, noHouseNumber: true }, street)).toBeNull();
    expect(houseNumberProblem({ houseNumber: null, noHouseNumber: true }, `${street}:12`)).toBeNull();
  });

  it('refuses unreadable numbers and contradictions', () => {
    expect(houseNumberProblem({ houseNumber: 'abc', noHouseNumber: false }, street)).toBe('invalid');
    expect(houseNumberProblem({ houseNumber: 'abc', noHouseNumber: true }, street)).toBe('invalid');
    expect(houseNumberProblem({ houseNumber: '12', noHouseNumber: true }, street)).toBe('both');
  });

  it('names the number an answer stands for', () => {
    expect(effectiveHouseNumber({ houseNumber: 'nr 7a', noHouseNumber: false }, `${street}:12`)).toBe('7A');
    expect(effectiveHouseNumber({ houseNumber: null, noHouseNumber: false }, `${street}:12`)).toBe('12');
    expect(effectiveHouseNumber({ houseNumber: null, noHouseNumber: true }, `${street}:12`)).toBeNull();
  });
});

describe('streetWithHouseNumber', () => {
  it('adds, replaces or removes the number at the end of the street line', () => {
    expect(streetWithHouseNumber('Strada Doja Gheorghe', null, '12')).toBe('Strada Doja Gheorghe 12');
    expect(streetWithHouseNumber('Strada Doja Gheorghe 5', '5', '7')).toBe('Strada Doja Gheorghe 7');
    expect(streetWithHouseNumber('Strada Doja Gheorghe 5', '5', null)).toBe('Strada Doja Gheorghe');
    expect(streetWithHouseNumber('Strada Doja Gheorghe', null, null)).toBe('Strada Doja Gheorghe');
  });

  it('never eats a number that is part of the street name', () => {
    expect(streetWithHouseNumber('Bulevardul 1 Decembrie 1918', null, '3')).toBe('Bulevardul 1 Decembrie 1918 3');
    expect(streetWithHouseNumber('Bulevardul 1 Decembrie 1918 3', '3', null)).toBe('Bulevardul 1 Decembrie 1918');
    expect(streetWithHouseNumber('Strada 1 Mai', '1', '9')).toBe('Strada 1 Mai 9');
    expect(streetWithHouseNumber('Strada X 12-14', '12-14', '12')).toBe('Strada X 12');
  });
});

describe('lacksHouseNumberAnswer', () => {
  it('flags addresses saved before the rule, and only those', () => {
    expect(lacksHouseNumberAnswer({ houseNumber: null, noHouseNumber: false, placeId: 'gazetteer:strada-doja-gheorghe' })).toBe(true);
    expect(lacksHouseNumberAnswer({ placeId: 'osm:way:1' })).toBe(true);
    expect(lacksHouseNumberAnswer({ houseNumber: '12', noHouseNumber: false })).toBe(false);
    expect(lacksHouseNumberAnswer({ houseNumber: null, noHouseNumber: true })).toBe(false);
    expect(lacksHouseNumberAnswer({ houseNumber: null, noHouseNumber: false, placeId: 'gazetteer:strada-doja-gheorghe:12' })).toBe(false);
  });
});

describe('placeWithHouseNumber', () => {
  const gazetteerStreet = {
    placeId: 'gazetteer:strada-doja-gheorghe',
    streetAddress: 'Strada Doja Gheorghe',
    city: 'Ploiești',
    postalCode: null,
    country: 'Romania',
    formattedAddress: 'Strada Doja Gheorghe, Ploiești, Romania',
  };

  it('adds the number in the gazetteer shape, with the typed postal code when the place has none', () => {
    expect(placeWithHouseNumber(gazetteerStreet, '12', '100151')).toEqual({
      ...gazetteerStreet,
      streetAddress: 'Strada Doja Gheorghe 12',
      houseNumber: '12',
      formattedAddress: 'Strada Doja Gheorghe 12, 100151 Ploiești, Romania',
    });
  });

  it('leaves a place that already has the number alone', () => {
    const withNumber = { ...gazetteerStreet, placeId: 'gazetteer:strada-doja-gheorghe:12', streetAddress: 'Strada Doja Gheorghe 12' };
    expect(placeWithHouseNumber(withNumber, '12', null)).toBe(withNumber);
    expect(placeWithHouseNumber(gazetteerStreet, null, null)).toBe(gazetteerStreet);
  });
});
