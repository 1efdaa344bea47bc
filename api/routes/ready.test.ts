import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 200 once the store is migrated, names the instance and is never cached', async () => {
    const response = await t.request('/api/ready');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ready', instance: t.deps.instanceId });
  });

  it('answers 503 while draining, so the proxy stops sending requests, while /api/health stays 200', async () => {
    t.deps.lifecycle.draining = true;
    try {
      expect((await t.request('/api/ready')).status).toBe(503);
      expect((await t.request('/api/health')).status).toBe(200);
    } finally {
      t.deps.lifecycle.draining = false;
    }
  });

  it('answers 503 when a migration of this build is missing from the store', async () => {
    await t.deps.store.db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', '0007-postgres-double-precision' as never)
      .execute();
    expect((await t.request('/api/ready')).status).toBe(503);
  });
});
