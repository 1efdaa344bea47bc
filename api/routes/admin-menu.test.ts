import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AdminMenu } from '../../src/shared/schemas/admin';
import { adminMenuResponseSchema } from '../../src/shared/schemas/admin';
import { menuSchema } from '../../src/shared/schemas/menu';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import { firstLocationId, loadCatalogue, pickupBody, postOrder } from '../../tests/integration/order-fixtures';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithSession(t, { role: 'admin' });
  customer = await createUserWithSession(t);
});
afterAll(async () => {
  await t.close();
});

const adminMenu = async (): Promise<AdminMenu> =>
  adminMenuResponseSchema.parse(await (await t.request('/api/admin/menu', { headers: { cookie: admin.cookie } })).json());
const publicMenu = async () => menuSchema.parse(await (await t.request('/api/menu')).json());
const toggle = (kind: 'items' | 'options', id: number, soldOut: boolean) =>
  t.request(`/api/admin/menu/${kind}/${id}/sold-out`, { method: 'POST', json: { soldOut }, headers: { cookie: admin.cookie } });

describe('sold out', () => {
  it('lists every item and option with its flag', async () => {
    const menu = await adminMenu();
    expect(menu.items).toHaveLength(51);
    expect(menu.items.every((item) => item.soldOut === false)).toBe(true);
    expect(menu.options.length).toBeGreaterThan(0);
  });

  it('marking an item sold out changes GET /api/menu (flag and version), and back', async () => {
    const before = await publicMenu();
    const mici = before.items.find((item) => item.name === 'Mici')!;
    const events: string[] = [];
    const stop = t.deps.liveEvents.subscribe((event) => events.push(event.type));
    const response = await toggle('items', mici.id, true);
    stop();
    expect(response.status).toBe(200);
    const after = await publicMenu();
    expect(after.items.find((item) => item.id === mici.id)?.soldOut).toBe(true);
    expect(after.version).not.toBe(before.version);
    expect(((await response.json()) as { menuVersion: string }).menuVersion).toBe(after.version);
    expect(events).toEqual(['menu-changed']);
    expect((await adminMenu()).items.find((item) => item.id === mici.id)?.soldOut).toBe(true);
    await toggle('items', mici.id, false);
    expect((await publicMenu()).items.find((item) => item.id === mici.id)?.soldOut).toBe(false);
  });

  it('an order containing a sold-out item or option is refused', async () => {
    const catalogue = await loadCatalogue(t);
    const locationId = await firstLocationId(t);
    const plain = catalogue.find((item) => item.groups.length === 0)!;
    await toggle('items', plain.id, true);
    const refused = await postOrder(t, customer, pickupBody(locationId, [plain]));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(JSON.stringify(await refused.json())).toMatch(/sold_out|unavailable/);
    await toggle('items', plain.id, false);
    expect((await postOrder(t, customer, pickupBody(locationId, [plain]))).status).toBe(201);

    const withRequired = catalogue.find((item) => item.groups.some((g) => g.isRequired))!;
    const body = pickupBody(locationId, [withRequired]);
    const optionId = body.items[0]!.modifierIds[0]!;
    const optionMenu = (await publicMenu()).items.find((item) => item.id === withRequired.id)!;
    expect(optionMenu.modifierGroups.flatMap((g) => g.options).some((o) => o.id === optionId)).toBe(true);
    expect((await toggle('options', optionId, true)).status).toBe(200);
    const soldOutOption = (await publicMenu()).items
      .find((item) => item.id === withRequired.id)!
      .modifierGroups.flatMap((g) => g.options)
      .find((o) => o.id === optionId);
    expect(soldOutOption?.soldOut).toBe(true);
    const refusedOption = await postOrder(t, customer, body);
    expect(refusedOption.status).toBeGreaterThanOrEqual(400);
    expect(refusedOption.status).toBeLessThan(500);
    await toggle('options', optionId, false);
  });

  it('answers 404 for an unknown id and 400 for a bad body', async () => {
    expect((await toggle('items', 99_999, true)).status).toBe(404);
    expect((await toggle('options', 99_999, true)).status).toBe(404);
    const bad = await t.request('/api/admin/menu/items/1/sold-out', {
      method: 'POST',
      json: { soldOut: 'yes' },
      headers: { cookie: admin.cookie },
    });
    expect(bad.status).toBe(400);
  });

  it('GET /api/menu/events streams menu-changed to anyone', async () => {
    const controller = new AbortController();
    const response = await t.request('/api/menu/events', { signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    // Wait until the stream is connected (its first comment), then toggle.
    while (!buffer.includes(': connected')) buffer += decoder.decode((await reader.read()).value, { stream: true });
    const mici = (await publicMenu()).items.find((item) => item.name === 'Mici')!;
    await toggle('items', mici.id, true);
    while (!/event: menu-changed\ndata: /.test(buffer)) buffer += decoder.decode((await reader.read()).value, { stream: true });
    await reader.cancel();
    await toggle('items', mici.id, false);
  });
});
