/**
 * GET /api/admin/go-live (issue 21, defect 4): the manager area's go-live checklist, computed on the
 * server from the configuration and the store, for the manager only.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

import { setupI18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';

import { readCatalogue } from '../../scripts/vite-icu-catalogues';
import { compileCatalogue } from '../../src/shared/i18n/compile-catalogue';
import type { GoLiveResponse } from '../../src/shared/schemas/go-live';
import { goLiveResponseSchema } from '../../src/shared/schemas/go-live';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { hashPassword } from '../lib/password';
import { ensureFirstRunAdmin, FIRST_RUN_ADMIN_EMAIL, FIRST_RUN_PASSWORD_FILE } from '../store/admin-account';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function checklist(app: TestApp): Promise<GoLiveResponse> {
  const admin = await createUserWithSession(app, { role: 'admin' });
  const response = await app.request('/api/admin/go-live', { headers: { cookie: admin.cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return goLiveResponseSchema.parse(await response.json());
}

/** A fresh install as `npm start` makes it (the test environment skips the first-run manager). */
async function freshInstall(): Promise<TestApp> {
  const app = await createTestApp();
  await ensureFirstRunAdmin(app.deps.store.db, app.clock, app.dataDir);
  return app;
}

const doneById = (body: GoLiveResponse) => Object.fromEntries(body.items.map((item) => [item.id, item.done]));

describe('GET /api/admin/go-live', () => {
  it('defect 4: with the defaults nothing is live yet, and each item says what to set', async () => {
    t = await freshInstall();
    const body = await checklist(t);
    expect(body.testPayments).toBe(true);
    expect(body.items.map((item) => item.id)).toEqual(['payments', 'pos', 'geocoder', 'map-style', 'mail', 'admin-password']);
    expect(doneById(body)).toEqual({
      payments: false,
      pos: false,
      geocoder: false,
      'map-style': false,
      mail: false,
      // A fresh install's first-run manager still has its generated password.
      'admin-password': false,
    });
    // Ids and codes (issue 23): the names the words show travel as they are, the words are the client's.
    const names = Object.fromEntries(body.items.map((item) => [item.id, Object.values(item.names).join(' ')]));
    expect(names.payments).toMatch(/PAYMENTS=stripe.*STRIPE_SECRET_KEY.*STRIPE_WEBHOOK_SECRET/);
    expect(names.pos).toMatch(/POS=http.*POS_URL/);
    expect(names.geocoder).toMatch(/GEOCODER=/);
    expect(names['map-style']).toMatch(/MAP_STYLE_URL/);
    expect(names.mail).toMatch(/SMTP_URL/);
    expect(names['admin-password']).toMatch(/ADMIN_PASSWORD/);
    expect(Object.fromEntries(body.items.map((item) => [item.id, item.current]))).toEqual({
      payments: 'test-checkout',
      pos: 'kitchen-board',
      geocoder: 'gazetteer',
      'map-style': 'offline-map-style',
      mail: 'mail-files',
      'admin-password': 'first-run-password',
    });
    // Worded in English, the manager reads what the server used to write.
    const english = setupI18n({ locale: 'en', messages: { en: compileCatalogue(readCatalogue('en').catalogue) } });
    const payments = body.items.find((item) => item.id === 'payments')!;
    expect(english._('admin.goLive.payments.todo', payments.names)).toBe(
      'Set PAYMENTS=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; point the Stripe webhook at /api/payments/webhook.',
    );
    expect(english._('admin.goLive.current.testCheckout')).toMatch(/test checkout/i);
    const password = body.items.find((item) => item.id === 'admin-password')!;
    expect(english._('admin.goLive.current.firstRunPassword', password.names)).toBe(
      `The generated first-run password (in DATA_DIR/${FIRST_RUN_PASSWORD_FILE})`,
    );
  });

  it('defect 4: the manager password item is done once the first-run password no longer works', async () => {
    t = await freshInstall();
    const passwordFile = path.join(t.dataDir, FIRST_RUN_PASSWORD_FILE);
    expect(existsSync(passwordFile)).toBe(true);
    expect(doneById(await checklist(t))['admin-password']).toBe(false);
    await t.deps.store.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('a-new-manager-password') })
      .where('email', '=', FIRST_RUN_ADMIN_EMAIL)
      .execute();
    expect(doneById(await checklist(t))['admin-password']).toBe(true);
  });

  it('defect 4: every item is done on a configured install', async () => {
    t = await createTestApp({
      env: {
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_example',
        STRIPE_WEBHOOK_SECRET: 'whsec_example',
        POS: 'http',
        POS_URL: 'https://pos.example.ro/api',
        POS_API_KEY: 'pos-key',
        GEOCODER: 'nominatim',
        NOMINATIM_URL: 'https://nominatim.example.ro',
        MAP_STYLE_URL: 'https://tiles.example.ro/style.json',
        SMTP_URL: 'smtp://mailer:secret@mail.example.ro:587',
        ADMIN_EMAIL: 'sefa@casagratarului.ro',
        ADMIN_PASSWORD: 'the-managers-own-password',
      },
    });
    const body = await checklist(t);
    expect(body.testPayments).toBe(false);
    expect(body.items.every((item) => item.done)).toBe(true);
    expect(body.items.map((item) => item.current)).toEqual([
      'stripe-checkout',
      'vendor-pos',
      'nominatim',
      'hosted-map-style',
      'smtp',
      'password-changed',
    ]);
    // No secret ever reaches the answer.
    const text = JSON.stringify(body);
    for (const secret of ['sk_live_example', 'whsec_example', 'pos-key', 'secret@', 'the-managers-own-password'])
      expect(text).not.toContain(secret);
  });

  it('is for the manager only', async () => {
    t = await createTestApp();
    expect((await t.request('/api/admin/go-live')).status).toBe(401);
    const customer = await createUserWithSession(t);
    expect((await t.request('/api/admin/go-live', { headers: { cookie: customer.cookie } })).status).toBe(403);
  });
});
