/**
 * Issue 21, defect 13: the live-update streams are capped per client and per instance (429 past the
 * cap), and a stream that closes gives its slot back.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { apiErrorSchema } from '../../src/shared/schemas/common';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

async function openStream() {
  const response = await t.request('/api/menu/events');
  if (response.status !== 200) return { response, close: () => Promise.resolve() };
  const reader = response.body!.getReader();
  // Connected once the first comment arrives.
  await reader.read();
  return { response, close: () => reader.cancel() };
}

describe('defect 13: a cap on concurrent event streams', () => {
  it('answers 429 past the per-client cap and lets the client in again once a stream closes', async () => {
    t = await createTestApp({ env: { STREAMS_PER_CLIENT_MAX: '2' } });
    const first = await openStream();
    const second = await openStream();
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    const third = await t.request('/api/menu/events');
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(await third.json()).error.code).toBe('too_many_streams');

    await first.close();
    await expect.poll(() => t.deps.streamSlots.open).toBe(1);
    const again = await openStream();
    expect(again.response.status).toBe(200);
    await again.close();
    await second.close();
    await expect.poll(() => t.deps.streamSlots.open).toBe(0);
  });

  it('caps the whole instance', async () => {
    t = await createTestApp({ env: { STREAMS_PER_INSTANCE_MAX: '1' } });
    const only = await openStream();
    expect(only.response.status).toBe(200);
    expect((await t.request('/api/menu/events')).status).toBe(429);
    await only.close();
  });
});
