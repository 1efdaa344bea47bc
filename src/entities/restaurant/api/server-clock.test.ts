import { describe, expect, it } from 'vitest';

import { serverClockOffsetMs } from './server-clock';

describe('server clock offset', () => {
  it('is the server time minus the middle of the round trip', () => {
    const sent = Date.parse('2026-11-27T15:00:00.000Z');
    // The e2e server's pinned clock: five days behind the device, read 200 ms into a 400 ms trip.
    expect(serverClockOffsetMs('2026-11-22T12:00:00.200Z', sent, sent + 400)).toBe(Date.parse('2026-11-22T12:00:00.200Z') - (sent + 200));
    expect(serverClockOffsetMs('2026-11-27T15:01:00.000Z', sent, sent)).toBe(60_000);
  });

  it('is zero when the server time does not parse', () => {
    expect(serverClockOffsetMs('garbage', 5, 7)).toBe(0);
  });
});
