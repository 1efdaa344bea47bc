/**
 * Issue 23, the server's side: a new account starts in the language its sign-up asked for (the
 * device's choice, else the browser's), and the account's e-mails and its orders' e-mails are in
 * the recipient's language, with amounts and dates written that language's way.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { asBani, formatLei } from '../../src/shared/money';
import { userResponseSchema } from '../../src/shared/schemas/account';
import { meResponseSchema } from '../../src/shared/schemas/user';
import { createUserWithSession } from '../../tests/setup/auth';
import { queuedMail } from '../../tests/fixtures/queued-mail';
import { firstLocationId, loadCatalogue, pickupBody, placeOrder } from '../../tests/integration/order-fixtures';
import { createTestApp, type TestApp } from '../../tests/setup/test-app';
import { runNotifierPass } from '../notifications/notifier';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const languageOf = async (email: string) =>
  (await t.deps.store.db.selectFrom('users').select('language').where('email', '=', email).executeTakeFirstOrThrow()).language;

async function signUp(email: string, headers: Record<string, string>) {
  const response = await t.request('/api/auth/register', {
    method: 'POST',
    headers,
    json: { email, password: 'parola-buna-123', firstName: 'Ana', lastName: 'Popescu', phone: '0722 123 456' },
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

describe("an account's language", () => {
  it("starts as the sign-up asked: the device's choice first, else the browser's, else English", async () => {
    await signUp('ana@example.ro', { 'accept-language': 'ro-RO,ro;q=0.9,en;q=0.8' });
    await signUp('bob@example.ro', { 'accept-language': 'ro-RO', cookie: 'lang=en' });
    await signUp('cleo@example.ro', {});
    expect(await languageOf('ana@example.ro')).toBe('ro');
    expect(await languageOf('bob@example.ro')).toBe('en');
    expect(await languageOf('cleo@example.ro')).toBe('en');

    const verification = (to: string) => queuedMail(t).then((mail) => mail.find((message) => message.to === to)!);
    const romanian = await verification('ana@example.ro');
    expect(romanian.subject).toBe('Confirmă adresa de e-mail pentru Casa Grătarului');
    expect(romanian.text).toContain('Bună ziua, Ana,');
    expect(romanian.text).toContain('timp de 24 de ore');
    expect((await verification('bob@example.ro')).subject).toBe('Confirm your e-mail for Casa Grătarului');
  });

  it("writes a reset link in the account's language, and in the asking browser's when the account never chose", async () => {
    const chose = await createUserWithSession(t, { email: 'chose@example.ro' });
    const never = await createUserWithSession(t, { email: 'never@example.ro' });
    await t.deps.store.db.updateTable('users').set({ language: 'en' }).where('id', '=', chose.id).execute();
    for (const email of [chose.email, never.email]) {
      const response = await t.request('/api/account/password-reset/request', {
        method: 'POST',
        headers: { 'accept-language': 'ro-RO' },
        json: { email },
      });
      expect(response.status).toBe(200);
    }
    const mail = await queuedMail(t);
    expect(mail.find((message) => message.to === chose.email)?.subject).toBe('Reset your Casa Grătarului password');
    expect(mail.find((message) => message.to === never.email)?.subject).toBe('Resetează parola contului tău de la Casa Grătarului');
  });

  it("mails a Romanian customer's order in Romanian, amounts with a decimal comma", async () => {
    const ana = await createUserWithSession(t, { firstName: 'Ana' });
    await t.deps.store.db.updateTable('users').set({ language: 'ro' }).where('id', '=', ana.id).execute();
    const catalogue = await loadCatalogue(t);
    const order = await placeOrder(t, ana, pickupBody(await firstLocationId(t), [catalogue.find((item) => item.groups.length === 0)!]));
    await runNotifierPass({ store: t.deps.store, clock: t.clock, logger: t.deps.logger, origin: 'https://comenzi.example.ro' });
    const [received] = (await queuedMail(t)).filter((message) => message.to === order.customerEmail);
    expect(received!.subject).toBe(`Casa Grătarului: am primit comanda ta ${order.orderNumber}`);
    const total = formatLei(asBani(order.totalBani), 'ro');
    expect(total).toMatch(/^\d+,\d\d lei$/);
    expect(received!.text).toContain(`Total: ${total}`);
    expect(received!.text).toContain('Ridicare personală');
    expect(received!.text).toContain('Numerar, plătești la ridicare');
    expect(received!.text).toContain(`Comanda ta: https://comenzi.example.ro/order-details/${order.orderNumber}`);
    expect(received!.html).toContain('Vezi comanda');
    expect(received!.text).not.toMatch(/Thank you|Payment|Your order/);
  });

  it('is chosen with PUT /api/profile/language: shown in /me and the export, and used for the next e-mail', async () => {
    const ana = await createUserWithSession(t, { email: 'ana@example.ro' });
    const choose = (language: unknown, cookie?: string) =>
      t.request('/api/profile/language', { method: 'PUT', json: { language }, headers: cookie ? { cookie } : {} });
    expect((await choose('ro')).status).toBe(401);
    const refused = await choose('fr', ana.cookie);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
    expect(await languageOf(ana.email)).toBeNull();

    const chosen = await choose('ro', ana.cookie);
    expect(chosen.status).toBe(200);
    expect(userResponseSchema.parse(await chosen.json()).user.language).toBe('ro');
    const me = meResponseSchema.parse(await (await t.request('/api/auth/me', { headers: { cookie: ana.cookie } })).json());
    expect(me.user?.language).toBe('ro');
    const exported = (await (await t.request('/api/account/export', { headers: { cookie: ana.cookie } })).json()) as {
      profile: { language: string | null };
    };
    expect(exported.profile.language).toBe('ro');

    // An English browser asking for a reset: the account's choice wins.
    await t.request('/api/account/password-reset/request', {
      method: 'POST',
      headers: { 'accept-language': 'en-GB' },
      json: { email: ana.email },
    });
    expect((await queuedMail(t)).find((message) => message.to === ana.email)?.subject).toBe(
      'Resetează parola contului tău de la Casa Grătarului',
    );
  });
});
