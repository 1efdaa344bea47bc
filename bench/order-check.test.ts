import { describe, expect, it } from 'vitest';

import { checkOrdersPerKey } from './order-check';

const keys = ['k1', 'k2', 'k3', 'k4'];
const acknowledged = new Map([
  ['k1', 'A-1'],
  ['k2', 'A-2'],
]);
// k3 was in flight when the load stopped (its order exists, replayed); k4 never reached the server (made now).
const resent = new Map<string, string | null>([
  ['k1', 'A-1'],
  ['k2', 'A-2'],
  ['k3', 'A-3'],
  ['k4', 'A-4'],
]);

describe('checkOrdersPerKey', () => {
  it('passes when requests in flight at the stop made orders: counted from keys sent, not answers seen', () => {
    const verdict = checkOrdersPerKey({ sent: keys, acknowledged, resent, orders: ['A-4', 'A-3', 'A-2', 'A-1'] });
    expect(verdict).toEqual({ ok: true, keysSent: 4, acknowledged: 2, unacknowledged: 2, orders: 4, problems: [] });
  });

  it('fails on a second order for an acknowledged key', () => {
    const verdict = checkOrdersPerKey({
      sent: keys,
      acknowledged,
      resent: new Map([...resent, ['k2', 'A-9']]),
      orders: ['A-1', 'A-9', 'A-2', 'A-3', 'A-4'],
    });
    expect(verdict.ok).toBe(false);
    expect(verdict.problems.join('\n')).toMatch(/k2 was acknowledged as A-2 but replays A-9/);
  });

  it('fails on an order that belongs to no key sent', () => {
    const verdict = checkOrdersPerKey({ sent: keys, acknowledged, resent, orders: ['A-1', 'A-2', 'A-3', 'A-4', 'A-5'] });
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toEqual(['order A-5 belongs to no key sent']);
  });

  it('fails when two keys share one order, or a key has none', () => {
    const shared = checkOrdersPerKey({
      sent: keys,
      acknowledged,
      resent: new Map([...resent, ['k4', 'A-3']]),
      orders: ['A-1', 'A-2', 'A-3'],
    });
    expect(shared.problems).toEqual(['order A-3 answers 2 keys']);
    const none = checkOrdersPerKey({ sent: keys, acknowledged, resent: new Map([...resent, ['k4', null]]), orders: ['A-1', 'A-2', 'A-3'] });
    expect(none.problems).toEqual(['key k4 has no order after the re-send']);
  });

  it('fails on an acknowledgement for a key never sent, and on a listed order missing', () => {
    const verdict = checkOrdersPerKey({
      sent: keys.slice(0, 3),
      acknowledged: new Map([...acknowledged, ['k9', 'A-9']]),
      resent,
      orders: ['A-1', 'A-2'],
    });
    expect(verdict.problems).toEqual(['key k9 was acknowledged but never sent', 'order A-3 is missing from the order list']);
  });
});
