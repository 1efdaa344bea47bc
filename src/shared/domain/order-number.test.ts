import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { isOrderNumber, makeOrderNumber, ORDER_NUMBER_RANDOM_LENGTH } from './order-number';

describe('makeOrderNumber', () => {
  it('is ORD- + the epoch milliseconds + 9 uppercase letters', () => {
    let i = 0;
    const number = makeOrderNumber(new Date('2026-11-22T12:00:00.000Z'), () => i++ % 26);
    expect(number).toBe('ORD-1795348800000ABCDEFGHI');
    expect(isOrderNumber(number)).toBe(true);
  });

  it('always matches the pattern for any instant and any randomness', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.array(fc.nat(25)),
        (at, picks) => {
          let i = 0;
          const number = makeOrderNumber(at, () => picks[i++ % Math.max(1, picks.length)] ?? 0);
          expect(number).toMatch(new RegExp(`^ORD-${at.getTime()}[A-Z]{${ORDER_NUMBER_RANDOM_LENGTH}}$`));
        },
      ),
    );
  });

  it('refuses a random source that leaves the alphabet', () => {
    expect(() => makeOrderNumber(new Date(), () => 26)).toThrow(RangeError);
  });

  it('rejects strings that are not order numbers', () => {
    expect(isOrderNumber('ORD-123')).toBe(false);
    expect(isOrderNumber('../etc/passwd')).toBe(false);
  });
});
