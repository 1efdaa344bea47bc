import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createUserWithSession } from '../../../tests/setup/auth';
import type { TestApp } from '../../../tests/setup/test-app';
import { createTestApp } from '../../../tests/setup/test-app';
import { insertAddress } from '../../../tests/integration/order-fixtures';
import { addressColumnsFromDirectus, createDirectusAddressSink, enqueueCmsAddressCopy, importCmsAddresses } from './directus-addresses';
import type { CmsAddressSink, DirectusAddress } from './directus-addresses';
import { CmsUnavailableError } from './directus';

const ANA = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';

/** A stand-in Directus for customer_addresses: each call answers from `answer(method, url)` and is recorded. */
function fakeDirectus(answer: (method: string, url: URL) => Response) {
  const calls: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}`);
    return answer(method, url);
  };
  return { calls, sink: createDirectusAddressSink({ url: 'http://d.test', token: 't', timeoutMs: 1_000, fetch: fetchImpl }) };
}

const item = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  Customer: ANA,
  label: 'home',
  street_address: 'Strada Republicii 5',
  apartment: null,
  city: 'Ploiești',
  postal_code: null,
  country: 'Romania',
  latitude: 44.94,
  longitude: 26.02,
  formatted_address: null,
  place_id: null,
  is_validated: 0,
  is_deliverable: 1,
  is_default: true,
  delivery_fee_override: '7.50',
  created_at: '2026-01-05T10:00:00.000Z',
  updated_at: null,
  ...overrides,
});

describe('Directus customer_addresses sink', () => {
  it("lists only the user's own items, whatever Directus answers (another owner's or an unparseable item is dropped)", async () => {
    const { sink } = fakeDirectus((_method, url) => {
      expect(url.searchParams.get('filter[Customer][_eq]')).toBe(ANA);
      return Response.json({ data: [item(), item({ id: 8, Customer: BOB }), item({ id: 9, street_address: 42 })] });
    });
    const { items, skipped } = await sink.listFor(ANA);
    expect(items.map((entry) => entry.id)).toEqual(['7']);
    expect(skipped).toBe(2);
  });

  it('maps an item to our columns: known labels kept, others custom, lei to bani, missing place and address filled, no pin not shown', () => {
    const parsed = { ...item(), id: '7', is_default: true } as DirectusAddress;
    expect(addressColumnsFromDirectus(parsed, 'now')).toMatchObject({
      label: 'home',
      custom_label: null,
      delivery_fee_override_bani: 750,
      place_id: 'directus:7',
      formatted_address: 'Strada Republicii 5, Ploiești',
      is_deliverable: 1,
      is_validated: 0,
      updated_at: '2026-01-05T10:00:00.000Z',
    });
    expect(addressColumnsFromDirectus({ ...parsed, label: 'La bunica' }, 'now')).toMatchObject({
      label: 'custom',
      custom_label: 'La bunica',
    });
    expect(addressColumnsFromDirectus({ ...parsed, latitude: null }, 'now')).toBeNull();
  });

  it('a save without a stored id first looks for a copy with the same owner and created_at (a lost create) and updates it', async () => {
    const { sink, calls } = fakeDirectus((method) =>
      method === 'GET' ? Response.json({ data: [{ id: 3, created_at: '2026-01-05T10:00:00Z' }] }) : Response.json({ data: { id: 3 } }),
    );
    expect(await sink.save({ directusUserId: ANA, cmsId: null, createdAt: '2026-01-05T10:00:00.123Z', body: {} })).toBe('3');
    expect(calls).toEqual(['GET /items/customer_addresses', 'PATCH /items/customer_addresses/3']);
  });

  it('a save of an item removed in Directus meanwhile creates it again; a refusal of an item that is there is an error', async () => {
    const gone = fakeDirectus((method) =>
      method === 'PATCH'
        ? new Response(null, { status: 403 })
        : method === 'GET'
          ? Response.json({ data: [] })
          : Response.json({ data: { id: 12 } }),
    );
    expect(await gone.sink.save({ directusUserId: ANA, cmsId: '3', createdAt: 'x', body: {} })).toBe('12');
    expect(gone.calls.at(-1)).toBe('POST /items/customer_addresses');
    const refused = fakeDirectus((method) =>
      method === 'PATCH' ? new Response(null, { status: 403 }) : Response.json({ data: [{ id: 3 }] }),
    );
    await expect(refused.sink.save({ directusUserId: ANA, cmsId: '3', createdAt: 'x', body: {} })).rejects.toBeInstanceOf(
      CmsUnavailableError,
    );
  });

  it('a delete of an item already gone is done; one Directus refuses while it is there is an error', async () => {
    const gone = fakeDirectus((method) => (method === 'DELETE' ? new Response(null, { status: 403 }) : Response.json({ data: [] })));
    expect(await gone.sink.remove({ directusUserId: ANA, cmsId: '3', createdAt: 'x' })).toBe('already-gone');
    const neverCopied = fakeDirectus(() => Response.json({ data: [] }));
    expect(await neverCopied.sink.remove({ directusUserId: ANA, cmsId: null, createdAt: '2026-01-05T10:00:00Z' })).toBe('already-gone');
    expect(neverCopied.calls).toEqual(['GET /items/customer_addresses']);
    const refused = fakeDirectus((method) =>
      method === 'DELETE' ? new Response(null, { status: 403 }) : Response.json({ data: [{ id: 3 }] }),
    );
    await expect(refused.sink.remove({ directusUserId: ANA, cmsId: '3', createdAt: 'x' })).rejects.toBeInstanceOf(CmsUnavailableError);
  });

  it('Directus not answering is CmsUnavailableError (the outbox row then waits and retries)', async () => {
    const sink = createDirectusAddressSink({
      url: 'http://d.test',
      token: 't',
      timeoutMs: 1_000,
      fetch: () => Promise.reject(new Error('ECONNREFUSED')),
    });
    await expect(sink.listFor(ANA)).rejects.toBeInstanceOf(CmsUnavailableError);
  });
});

describe('importCmsAddresses (sign-in)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  const sinkAnswering = (items: DirectusAddress[]): CmsAddressSink => ({
    name: 'fake',
    save: () => Promise.reject(new Error('not used')),
    remove: () => Promise.reject(new Error('not used')),
    listFor: () => Promise.resolve({ items, skipped: 0 }),
  });
  const parsed = (overrides: Record<string, unknown>) => ({ ...item(overrides), id: String(overrides.id ?? 7) }) as DirectusAddress;

  it("never moves an item linked to another customer, keeps the customer's default and a local change still waiting in the outbox", async () => {
    const ana = await createUserWithSession(t);
    const bob = await createUserWithSession(t);
    const bobs = await insertAddress(t, bob.id);
    await t.deps.store.db.updateTable('customer_addresses').set({ cms_id: '7' }).where('id', '=', bobs).execute();
    const anasDefault = await insertAddress(t, ana.id);
    await t.deps.store.db.updateTable('customer_addresses').set({ is_default: 1 }).where('id', '=', anasDefault).execute();
    const anasPending = await insertAddress(t, ana.id);
    await t.deps.store.db.updateTable('customer_addresses').set({ cms_id: '9' }).where('id', '=', anasPending).execute();
    await enqueueCmsAddressCopy(
      t.deps.store.db,
      [{ id: anasPending, customer_id: ana.id, cms_id: '9', created_at: t.clock.now().toISOString() }],
      t.clock.now(),
    );

    const result = await importCmsAddresses(
      t.deps.store.db,
      t.deps.store.dialect,
      sinkAnswering([
        parsed({ id: 7, street_address: 'Strada lui Bob 1' }),
        parsed({ id: 8, street_address: 'Strada Nouă 2', is_default: true }),
        parsed({ id: 9, street_address: 'Schimbată în Directus' }),
      ]),
      { userId: ana.id, directusUserId: ANA, now: t.clock.now() },
    );
    expect(result).toEqual({ imported: 1, updated: 0, skipped: 1 });
    const rows = await t.deps.store.db
      .selectFrom('customer_addresses')
      .select(['id', 'customer_id', 'cms_id', 'street_address', 'is_default'])
      .orderBy('id')
      .execute();
    expect(rows.find((row) => row.cms_id === '7')).toMatchObject({ id: bobs, customer_id: bob.id });
    expect(rows.find((row) => row.cms_id === '8')).toMatchObject({ customer_id: ana.id, street_address: 'Strada Nouă 2', is_default: 0 });
    expect(rows.find((row) => row.id === anasDefault)!.is_default).toBe(1);
    expect(rows.find((row) => row.cms_id === '9')!.street_address).not.toBe('Schimbată în Directus');
  });
});
