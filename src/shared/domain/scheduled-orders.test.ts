import { describe, expect, it } from 'vitest';

import { isAwaitingRelease } from './scheduled-orders';

const NOW = new Date('2026-11-22T12:00:00.000Z');

describe('isAwaitingRelease', () => {
  it('keeps a new order for later in the Scheduled lane until its release time, then lets it in', () => {
    expect(isAwaitingRelease({ status: 'received', releaseAt: '2026-11-22T12:00:00.001Z' }, NOW)).toBe(true);
    expect(isAwaitingRelease({ status: 'received', releaseAt: '2026-11-22T12:00:00.000Z' }, NOW)).toBe(false);
    expect(isAwaitingRelease({ status: 'received', releaseAt: '2026-11-22T11:00:00.000Z' }, NOW)).toBe(false);
  });

  it('never holds back an ASAP order or one a person already accepted', () => {
    expect(isAwaitingRelease({ status: 'received', releaseAt: null }, NOW)).toBe(false);
    expect(isAwaitingRelease({ status: 'confirmed', releaseAt: '2026-11-23T12:00:00.000Z' }, NOW)).toBe(false);
  });
});
