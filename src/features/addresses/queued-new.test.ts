import { describe, expect, it } from 'vitest';

import { queuedNewAddresses } from './queued-new';

const input = {
  label: 'work',
  streetAddress: 'Strada Doja Gheorghe 12',
  city: 'Ploiești',
  postalCode: '100151',
  country: 'Romania',
  latitude: 44.9418,
  longitude: 26.0336,
  formattedAddress: 'Strada Doja Gheorghe 12, 100151 Ploiești, Romania',
  placeId: 'gazetteer:strada-doja-gheorghe:12',
  pinConfirmed: true,
  bloc: '34B',
};

function row(
  id: string,
  kind: string,
  overrides: Partial<{ status: string; createdAt: string; lastError: string | null; body: unknown }> = {},
) {
  return {
    id,
    kind,
    status: overrides.status ?? 'pending',
    createdAt: overrides.createdAt ?? '2026-11-22T10:00:00.000Z',
    lastError: overrides.lastError ?? null,
    request: { body: 'body' in overrides ? overrides.body : input },
  };
}

describe('queuedNewAddresses', () => {
  it('lists only queued adds, oldest first, with the parsed input', () => {
    const found = queuedNewAddresses([
      row('b', 'address.create', { createdAt: '2026-11-22T10:05:00.000Z' }),
      row('x', 'address.update'),
      row('o', 'order.cash'),
      row('a', 'address.create', { createdAt: '2026-11-22T10:01:00.000Z' }),
    ]);
    expect(found.map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(found[0]?.input.bloc).toBe('34B');
    expect(found[0]?.refusal).toBeNull();
  });

  it("carries the server's reason once the add was refused", () => {
    const reason = 'This address is outside our delivery zone. Please choose a different location.';
    const [refused] = queuedNewAddresses([row('a', 'address.create', { status: 'needs-attention', lastError: reason })]);
    expect(refused?.refusal).toBe(reason);
    // Still sending or waiting: no refusal yet.
    expect(
      queuedNewAddresses([row('a', 'address.create', { status: 'sending', lastError: 'server answered 503' })])[0]?.refusal,
    ).toBeNull();
  });

  it('skips an entry whose body is not an address', () => {
    expect(queuedNewAddresses([row('a', 'address.create', { body: { label: 'home' } })])).toEqual([]);
  });
});
