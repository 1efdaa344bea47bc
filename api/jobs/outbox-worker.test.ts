import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { backoffMs, OUTBOX_RETRY_BASE_MS, OUTBOX_RETRY_MAX_MS } from './outbox-worker';

describe('backoffMs (exponential, full jitter, capped)', () => {
  it('stays between half the base and the capped exponential ceiling', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 0.999_999, noNaN: true }), (attempt, r) => {
        const delay = backoffMs(attempt, OUTBOX_RETRY_BASE_MS, OUTBOX_RETRY_MAX_MS, () => r);
        expect(delay).toBeGreaterThanOrEqual(OUTBOX_RETRY_BASE_MS / 2);
        expect(delay).toBeLessThanOrEqual(Math.min(OUTBOX_RETRY_MAX_MS, OUTBOX_RETRY_BASE_MS * 2 ** (attempt - 1)));
      }),
    );
  });

  it('grows with the attempt number and never passes the cap', () => {
    const top = () => 0.999_999;
    expect(backoffMs(1, 1_000, 60_000, top)).toBeLessThan(backoffMs(4, 1_000, 60_000, top));
    expect(backoffMs(40, 1_000, 60_000, top)).toBeLessThanOrEqual(60_000);
  });
});
