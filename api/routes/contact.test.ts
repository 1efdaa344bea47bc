import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { apiErrorSchema } from '../../src/shared/schemas/common';
import { contactMessageReceiptSchema } from '../../src/shared/schemas/contact';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { CONTACT_RATE_LIMIT_MAX, CONTACT_RATE_LIMIT_WINDOW_MS } from './contact';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const valid = { name: 'Ana Popescu', email: 'ana@example.ro', message: 'Aveți mici și duminica la prânz?' };
const post = (json: unknown) => t.request('/api/contact', { method: 'POST', json });

describe('POST /api/contact', () => {
  it('stores a valid message and answers 201 with its id', async () => {
    const response = await post({ ...valid, name: '  Ana Popescu  ' });
    expect(response.status).toBe(201);
    const receipt = contactMessageReceiptSchema.parse(await response.json());
    const row = await t.deps.store.db.selectFrom('contact_messages').selectAll().where('id', '=', receipt.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Ana Popescu', email: 'ana@example.ro', message: valid.message });
    expect(row.client_key).not.toContain('unknown');
  });

  it('refuses invalid input with 400 in the one error shape and stores nothing', async () => {
    for (const body of [{}, { ...valid, email: 'not-an-email' }, { ...valid, message: 'scurt' }, { ...valid, name: 42 }, 'text']) {
      const response = await post(body);
      expect(response.status).toBe(400);
      const error = apiErrorSchema.parse(await response.json());
      expect(error.error.code).toBe('invalid_input');
    }
    const count = await t.deps.store.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('needs our origin (CSRF), like every unsafe request', async () => {
    const response = await t.request('/api/contact', { method: 'POST', json: valid, headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });

  it('rate limits one client to a few messages per window, with Retry-After, then lets it in again', async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT_MAX; i++) expect((await post(valid)).status).toBe(201);
    const limited = await post(valid);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_LIMIT_WINDOW_MS / 1000);
    expect(apiErrorSchema.parse(await limited.json()).error.code).toBe('rate_limited');
    t.clock.advanceMs(CONTACT_RATE_LIMIT_WINDOW_MS + 1);
    expect((await post(valid)).status).toBe(201);
  });

  it('defect 8: counts the client by the last X-Forwarded-For hop (the one our proxy added), like sign-in', async () => {
    await t.close();
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    // A client that forges a fresh first hop on every post is still the same client.
    for (let i = 0; i < CONTACT_RATE_LIMIT_MAX; i++) {
      const response = await t.request('/api/contact', {
        method: 'POST',
        json: valid,
        headers: { 'x-forwarded-for': `10.0.0.${i}, 203.0.113.5` },
      });
      expect(response.status).toBe(201);
    }
    const forged = await t.request('/api/contact', {
      method: 'POST',
      json: valid,
      headers: { 'x-forwarded-for': '10.9.9.9, 203.0.113.5' },
    });
    expect(forged.status).toBe(429);
    const other = await t.request('/api/contact', { method: 'POST', json: valid, headers: { 'x-forwarded-for': '203.0.113.6' } });
    expect(other.status).toBe(201);
  });

  it('defect 8: the check and the insert are atomic — a burst of concurrent posts stores at most the limit', async () => {
    const statuses = await Promise.all(Array.from({ length: CONTACT_RATE_LIMIT_MAX * 3 }, () => post(valid).then((r) => r.status)));
    expect(statuses.filter((status) => status === 201)).toHaveLength(CONTACT_RATE_LIMIT_MAX);
    expect(statuses.filter((status) => status === 429)).toHaveLength(CONTACT_RATE_LIMIT_MAX * 2);
    const stored = await t.deps.store.db.selectFrom('contact_messages').select('id').execute();
    expect(stored).toHaveLength(CONTACT_RATE_LIMIT_MAX);
  });
});
