import { describe, expect, it } from 'vitest';

import { blockDetails } from './pricing';

const none = { apartment: null, bloc: null, scara: null, etaj: null, apartament: null, interfon: null };

describe('blockDetails (the order address details line)', () => {
  it('keeps the apartment/unit even when the block fields are filled', () => {
    expect(blockDetails({ apartment: 'Birou 2', bloc: 'A3', scara: '2', etaj: '4', apartament: '17', interfon: '17' })).toBe(
      'Birou 2, Bl. A3, Sc. 2, Et. 4, Ap. 17, Interfon 17',
    );
  });

  it('reads the unit alone, the block fields alone, or nothing', () => {
    expect(blockDetails({ ...none, apartment: '  Ap. 5  ' })).toBe('Ap. 5');
    expect(blockDetails({ ...none, bloc: '34B', etaj: '3' })).toBe('Bl. 34B, Et. 3');
    expect(blockDetails(none)).toBeNull();
    expect(blockDetails({ ...none, apartment: '   ' })).toBeNull();
  });
});
