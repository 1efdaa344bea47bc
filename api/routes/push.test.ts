/**
 * Web Push subscriptions (issue 20): the public key (generated once and kept, or from the
 * environment), one subscription per device per account, only the browsers' push services as
 * endpoints, "turn off" only for one's own devices, the board's tablets for the manager only — and
 * the VAPID private key in no answer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';

import { createUserWithSession } from '../../tests/setup/auth';
import { createTestApp, makeTempDir, type TestApp } from '../../tests/setup/test-app';

const FCM_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-one';
/** A real P-256 public key and auth secret shape (the route checks the lengths, not the curve). */
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };

let apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps) await app.close();
  apps = [];
});
async function app(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}

async function publicKeyOf(t: TestApp): Promise<string> {
  const response = await t.request('/api/push/public-key');
  expect(response.status).toBe(200);
  return ((await response.json()) as { publicKey: string }).publicKey;
}

describe('GET /api/push/public-key', () => {
  it('is a P-256 public key generated once and kept in the store: the same after a restart, never the private key', async () => {
    const dataDir = makeTempDir();
    const first = await app({ dataDir });
    const key = await publicKeyOf(first);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    expect(await publicKeyOf(first)).toBe(key);
    const stored = await first.deps.store.db.selectFrom('push_vapid_keys').selectAll().executeTakeFirstOrThrow();
    expect(stored.public_key).toBe(key);
    await first.close();
    apps = [];
    const second = await app({ dataDir });
    expect(await publicKeyOf(second)).toBe(key);
    const text = await (await second.request('/api/push/public-key')).text();
    expect(text).not.toContain(stored.private_key);
  });

  it('uses VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set, and stores no pair then', async () => {
    const pair = webpush.generateVAPIDKeys();
    const t = await app({ env: { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey } });
    const response = await t.request('/api/push/public-key');
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ publicKey: pair.publicKey });
    expect(text).not.toContain(pair.privateKey);
    expect(await t.deps.store.db.selectFrom('push_vapid_keys').selectAll().execute()).toEqual([]);
  });
});

describe('customer subscriptions', () => {
  it('one per device per account: the same device again is the same row, and signing in as someone else moves it', async () => {
    const t = await app();
    const ana = await createUserWithSession(t);
    const bob = await createUserWithSession(t);
    const subscribe = (cookie: string, deviceLabel = 'Chrome on Android') =>
      t.request('/api/push/subscriptions', {
        method: 'POST',
        headers: { cookie },
        json: { endpoint: FCM_ENDPOINT, keys: KEYS, deviceLabel },
      });
    const first = await subscribe(ana.cookie);
    expect(first.status).toBe(201);
    const { subscription } = (await first.json()) as { subscription: { id: number; deviceLabel: string } };
    expect(subscription.deviceLabel).toBe('Chrome on Android');
    const again = (await (await subscribe(ana.cookie, 'Chrome 131 on Android')).json()) as { subscription: { id: number } };
    expect(again.subscription.id).toBe(subscription.id);
    const list = async (cookie: string) =>
      ((await (await t.request('/api/push/subscriptions', { headers: { cookie } })).json()) as { subscriptions: { id: number }[] })
        .subscriptions;
    expect((await list(ana.cookie)).map((s) => s.id)).toEqual([subscription.id]);

    // Bob signs in on the same phone and subscribes: the device now rings for Bob, not for Ana.
    await subscribe(bob.cookie);
    expect(await list(ana.cookie)).toEqual([]);
    expect((await list(bob.cookie)).map((s) => s.id)).toEqual([subscription.id]);
  });

  it('refuses endpoints that are not a browser push service (the server would post wherever a subscription says)', async () => {
    const t = await app();
    const ana = await createUserWithSession(t);
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      'https://127.0.0.1/push',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://user:pw@fcm.googleapis.com/x',
    ]) {
      const response = await t.request('/api/push/subscriptions', {
        method: 'POST',
        headers: { cookie: ana.cookie },
        json: { endpoint, keys: KEYS },
      });
      expect(response.status, endpoint).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('push_endpoint_refused');
    }
    for (const endpoint of [
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGm',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ]) {
      const response = await t.request('/api/push/subscriptions', {
        method: 'POST',
        headers: { cookie: ana.cookie },
        json: { endpoint, keys: KEYS },
      });
      expect(response.status, endpoint).toBe(201);
    }
    expect(await t.deps.store.db.selectFrom('push_subscriptions').selectAll().execute()).toHaveLength(3);
  });

  it('turn off: only the owner deletes a device; anyone else gets 404 and nothing changes', async () => {
    const t = await app();
    const ana = await createUserWithSession(t);
    const bob = await createUserWithSession(t);
    const created = await t.request('/api/push/subscriptions', {
      method: 'POST',
      headers: { cookie: ana.cookie },
      json: { endpoint: FCM_ENDPOINT, keys: KEYS },
    });
    const { subscription } = (await created.json()) as { subscription: { id: number } };
    const remove = (cookie: string) => t.request(`/api/push/subscriptions/${subscription.id}`, { method: 'DELETE', headers: { cookie } });
    expect((await remove(bob.cookie)).status).toBe(404);
    expect((await t.request(`/api/push/subscriptions/${subscription.id}`, { method: 'DELETE' })).status).toBe(401);
    expect(await t.deps.store.db.selectFrom('push_subscriptions').selectAll().execute()).toHaveLength(1);
    expect((await remove(ana.cookie)).status).toBe(204);
    expect((await remove(ana.cookie)).status).toBe(404);
    expect(await t.deps.store.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
  });
});

describe("the board's tablets", () => {
  it('manager only; a customer subscription on the same device is a separate row', async () => {
    const t = await app();
    const ana = await createUserWithSession(t);
    const manager = await createUserWithSession(t, { role: 'admin' });
    const body = { endpoint: FCM_ENDPOINT, keys: KEYS, deviceLabel: 'Kitchen tablet' };
    expect((await t.request('/api/admin/push/subscriptions', { method: 'POST', headers: { cookie: ana.cookie }, json: body })).status).toBe(
      403,
    );
    expect((await t.request('/api/admin/push/subscriptions', { method: 'POST', json: body })).status).toBe(401);
    const board = await t.request('/api/admin/push/subscriptions', { method: 'POST', headers: { cookie: manager.cookie }, json: body });
    expect(board.status).toBe(201);
    await t.request('/api/push/subscriptions', { method: 'POST', headers: { cookie: manager.cookie }, json: body });
    const rows = await t.deps.store.db.selectFrom('push_subscriptions').select(['audience']).orderBy('audience').execute();
    expect(rows.map((row) => row.audience)).toEqual(['board', 'customer']);
    const list = (await (await t.request('/api/admin/push/subscriptions', { headers: { cookie: manager.cookie } })).json()) as {
      subscriptions: { id: number; deviceLabel: string }[];
    };
    expect(list.subscriptions.map((s) => s.deviceLabel)).toEqual(['Kitchen tablet']);
    const id = list.subscriptions[0]!.id;
    expect((await t.request(`/api/admin/push/subscriptions/${id}`, { method: 'DELETE', headers: { cookie: manager.cookie } })).status).toBe(
      204,
    );
  });
});
