import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { createStreamSlots, STREAM_RETRY_AFTER_SECONDS } from './stream-slots';

/** A tiny app whose one route takes a slot and, unless ?keep, gives it back. */
function appWith(slots: ReturnType<typeof createStreamSlots>) {
  const held: (() => void)[] = [];
  const app = new Hono().get('/', (c) => {
    held.push(slots.acquire(c, true));
    return c.text('ok');
  });
  app.onError((error, c) => c.json({ status: (error as { status?: number }).status }, 429));
  const from = (ip: string) => app.request('/', { headers: { 'x-forwarded-for': ip } });
  return { from, held };
}

describe('defect 13: stream slots', () => {
  it('refuses a client past its cap with 429 + Retry-After; other clients still get in; a slot given back frees it', async () => {
    const slots = createStreamSlots({ perClient: 2, perInstance: 100 });
    const { from, held } = appWith(slots);
    expect((await from('203.0.113.1')).status).toBe(200);
    expect((await from('203.0.113.1')).status).toBe(200);
    const refused = await from('203.0.113.1');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(STREAM_RETRY_AFTER_SECONDS));
    expect((await from('203.0.113.2')).status).toBe(200);
    held[0]!();
    held[0]!(); // twice is still once
    expect(slots.open).toBe(2);
    expect((await from('203.0.113.1')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64, and caps the whole instance', async () => {
    const slots = createStreamSlots({ perClient: 1, perInstance: 3 });
    const { from } = appWith(slots);
    expect((await from('2001:db8:1:2::1')).status).toBe(200);
    expect((await from('2001:db8:1:2::2')).status).toBe(429);
    expect((await from('2001:db8:1:3::1')).status).toBe(200);
    expect((await from('203.0.113.9')).status).toBe(200);
    expect((await from('203.0.113.10')).status).toBe(429);
    expect(slots.open).toBe(3);
  });
});
