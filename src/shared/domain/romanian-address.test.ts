import { describe, expect, it } from 'vitest';

import { formatRomanianAddress, mapsLinkForPin, romanianBlockDetails, romanianStreetLine, telLink } from './romanian-address';

const BLOCK = { bloc: 'A3', scara: '2', etaj: '4', apartament: '17', interfon: '17A' };

describe('formatRomanianAddress', () => {
  it('reads street and number, bloc, scară, etaj, apartament, interfon, then the city', () => {
    expect(formatRomanianAddress({ street: 'Bulevardul Republicii', houseNumber: '12', ...BLOCK, city: 'Ploiești' })).toBe(
      'Bulevardul Republicii 12, Bl. A3, Sc. 2, Et. 4, Ap. 17, Interfon 17A, Ploiești',
    );
  });

  it('leaves out what the customer did not give', () => {
    expect(formatRomanianAddress({ street: 'Strada Doja Gheorghe 12', city: 'Ploiești' })).toBe('Strada Doja Gheorghe 12, Ploiești');
    expect(formatRomanianAddress({ street: 'Strada Mărășești', bloc: '34B', etaj: '3', city: 'Ploiești' })).toBe(
      'Strada Mărășești, Bl. 34B, Et. 3, Ploiești',
    );
    expect(formatRomanianAddress({ street: 'Strada Mărășești', bloc: '  ', scara: null, city: null })).toBe('Strada Mărășești');
  });

  it('never writes the number or the city twice', () => {
    expect(formatRomanianAddress({ street: 'Strada Doja Gheorghe 12', houseNumber: '12', city: 'Ploiești' })).toBe(
      'Strada Doja Gheorghe 12, Ploiești',
    );
    expect(formatRomanianAddress({ street: 'Strada Doja Gheorghe nr. 12', houseNumber: '12', city: 'Ploiești' })).toBe(
      'Strada Doja Gheorghe nr. 12, Ploiești',
    );
    expect(formatRomanianAddress({ street: 'Bulevardul Republicii 5, Ploiești', city: 'ploiești' })).toBe(
      'Bulevardul Republicii 5, Ploiești',
    );
    // A street named after the city is not the city.
    expect(formatRomanianAddress({ street: 'Strada Ploieștilor', houseNumber: '3', city: 'Ploiești' })).toBe(
      'Strada Ploieștilor 3, Ploiești',
    );
  });

  it('falls back to the joined details of an older order snapshot', () => {
    expect(formatRomanianAddress({ street: 'Bulevardul Republicii', details: 'Bl. A3, Sc. 2', city: 'Ploiești' })).toBe(
      'Bulevardul Republicii, Bl. A3, Sc. 2, Ploiești',
    );
    // The structured fields win over the old line when both are there.
    expect(romanianBlockDetails({ street: 'x', details: 'old line', bloc: 'B1' })).toBe('Bl. B1');
  });
});

describe('romanianBlockDetails', () => {
  it('keeps the free-text unit first, then the Romanian block fields', () => {
    expect(romanianBlockDetails({ street: 'x', apartment: 'Birou 2', ...BLOCK })).toBe(
      'Birou 2, Bl. A3, Sc. 2, Et. 4, Ap. 17, Interfon 17A',
    );
  });

  it('does not repeat a prefix the customer typed, and names the ground floor', () => {
    expect(
      romanianBlockDetails({ street: 'x', bloc: 'bl. A3', scara: 'Sc 2', etaj: 'parter', apartament: 'ap.17', interfon: 'Interfon 17A' }),
    ).toBe('Bl. A3, Sc. 2, Parter, Ap. 17, Interfon 17A');
    expect(romanianBlockDetails({ street: 'x', etaj: '0' })).toBe('Parter');
    expect(romanianBlockDetails({ street: 'x', etaj: '10' })).toBe('Et. 10');
  });

  it('is null when there is nothing', () => {
    expect(romanianBlockDetails({ street: 'x' })).toBeNull();
    expect(romanianBlockDetails({ street: 'x', apartment: '   ', details: ' ' })).toBeNull();
  });
});

describe('romanianStreetLine', () => {
  it('adds the number after the street, once', () => {
    expect(romanianStreetLine({ street: ' Strada  Mihai Bravu ', houseNumber: '24A' })).toBe('Strada Mihai Bravu 24A');
    expect(romanianStreetLine({ street: 'Strada 112', houseNumber: '12' })).toBe('Strada 112 12');
    expect(romanianStreetLine({ street: 'Strada Mihai Bravu', houseNumber: null })).toBe('Strada Mihai Bravu');
  });
});

describe('links', () => {
  it('opens the pin in maps with a plain https link', () => {
    const url = new URL(mapsLinkForPin(44.9418, 26.0336));
    expect(url.protocol).toBe('https:');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('query')).toBe('44.941800,26.033600');
  });

  it('dials the phone as digits, keeping a leading +', () => {
    expect(telLink('0722 123 456')).toBe('tel:0722123456');
    expect(telLink('+40 (722) 123-456')).toBe('tel:+40722123456');
  });
});
