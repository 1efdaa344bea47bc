/**
 * CMS=directus: customers' saved addresses in Directus `customer_addresses` (spec §3 field names, owner
 * `Customer` → directus_users). Our store stays the system of record (ownership, idempotency, the zone
 * decided on the server); Directus gets a copy, and a restaurant's existing Directus addresses come in
 * when their customer signs in:
 * - writes: every address write enqueues a 'cms.address' outbox row in its own transaction; the worker
 *   reads the address as it is then and creates, updates or deletes the Directus copy. Exactly once:
 *   the Directus id is stored on our row (customer_addresses.cms_id); before its first create the worker
 *   looks for a copy of that customer with the same created_at (a create whose answer was lost), and a
 *   delete of an item that is already gone counts as done;
 * - reads: at sign-in, the customer's Directus addresses (filtered by `Customer` in the query AND checked
 *   again here, never trusting Directus permissions alone) are zod-parsed and upserted by their Directus
 *   id; they carry that id, so they are never copied back as new.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { z } from 'zod/mini';

import { asBani, formatBaniDecimal, leiToBani } from '../../../src/shared/money';
import { lockCustomer } from '../../store/row-lock';
import type { StoreDialect } from '../../store/dialect';
import type { CustomerAddressesTable, Database } from '../../store/schema';
import { enqueueOutboxRows } from '../../store/outbox-rows';
import { CmsUnavailableError } from './directus';

export const CMS_ADDRESS_OUTBOX_KIND = 'cms.address';
/** user_identities.provider of a Directus user (subject: its Directus id); the auth route links them. */
export const DIRECTUS_IDENTITY_PROVIDER = 'directus';
/** Same cap as the address book's own (MAX_ADDRESSES_PER_CUSTOMER): an import never exceeds it. */
const MAX_IMPORTED_PER_CUSTOMER = 50;

type AddressRow = Selectable<CustomerAddressesTable>;

export const cmsAddressPayloadSchema = z.object({
  addressId: z.number().check(z.int()),
  customerId: z.number().check(z.int()),
  /** The Directus id when the write happened: a delete still knows which item to remove. */
  cmsId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type CmsAddressPayload = z.infer<typeof cmsAddressPayloadSchema>;

/** In the address write's own transaction; one row per write (the worker copies the state at send time). */
export async function enqueueCmsAddressCopy(
  trx: Transaction<Database> | Kysely<Database>,
  rows: readonly Pick<AddressRow, 'id' | 'customer_id' | 'cms_id' | 'created_at'>[],
  now: Date,
): Promise<void> {
  await enqueueOutboxRows(
    trx,
    rows.map((row) => ({
      kind: CMS_ADDRESS_OUTBOX_KIND,
      // One row per write: the worker copies the address's state at send time.
      dedupeKey: `${CMS_ADDRESS_OUTBOX_KIND}:${row.id}:${crypto.randomUUID()}`,
      payload: { addressId: row.id, customerId: row.customer_id, cmsId: row.cms_id, createdAt: row.created_at } satisfies CmsAddressPayload,
    })),
    now,
  );
}

const nullableString = z.optional(z.nullable(z.string()));
/** Booleans without Directus's cast-boolean come back as 1/0 from SQLite. */
const flag = z.optional(z.nullable(z.union([z.boolean(), z.number()])));
const directusAddressSchema = z.object({
  id: z.pipe(z.union([z.number(), z.string()]), z.transform(String)),
  Customer: z.nullable(z.string()),
  label: nullableString,
  street_address: z.string(),
  apartment: nullableString,
  city: z.string(),
  postal_code: nullableString,
  country: z.string(),
  latitude: z.nullable(z.number()),
  longitude: z.nullable(z.number()),
  formatted_address: nullableString,
  place_id: nullableString,
  is_validated: flag,
  last_validated_at: nullableString,
  validation_method: nullableString,
  validation_notes: nullableString,
  delivery_instructions: nullableString,
  is_deliverable: flag,
  delivery_zone_name: nullableString,
  estimated_delivery_time: nullableString,
  // Decimal lei: SQLite's Directus answers numbers, PostgreSQL's strings.
  delivery_fee_override: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  distance_km: z.optional(z.nullable(z.number())),
  is_default: flag,
  created_at: nullableString,
  updated_at: nullableString,
});
export type DirectusAddress = z.infer<typeof directusAddressSchema>;

/** Our row as spec §3 `customer_addresses` fields (our block details have no spec field: they stay ours). */
export function directusAddressBody(row: AddressRow, directusUserId: string) {
  return {
    label: row.label === 'custom' ? (row.custom_label ?? 'custom') : row.label,
    street_address: row.street_address,
    apartment: row.apartment,
    city: row.city,
    postal_code: row.postal_code,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    formatted_address: row.formatted_address,
    place_id: row.place_id,
    is_validated: row.is_validated === 1,
    last_validated_at: row.last_validated_at,
    validation_method: row.validation_method,
    validation_notes: row.validation_notes,
    delivery_instructions: row.delivery_instructions,
    is_deliverable: row.is_deliverable === 1,
    delivery_zone_name: row.delivery_zone_name,
    estimated_delivery_time: row.estimated_delivery_time,
    delivery_fee_override: row.delivery_fee_override_bani === null ? null : formatBaniDecimal(asBani(row.delivery_fee_override_bani)),
    distance_km: row.distance_km,
    is_default: row.is_default === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    Customer: directusUserId,
  };
}

/** A Directus item as our row's columns; null when it cannot be shown (no pin: no zone, no map). */
export function addressColumnsFromDirectus(item: DirectusAddress, now: string) {
  if (item.latitude === null || item.longitude === null) return null;
  const label = (item.label ?? 'home').trim() || 'home';
  const known = label === 'home' || label === 'work';
  const fee = item.delivery_fee_override === null || item.delivery_fee_override === undefined ? null : Number(item.delivery_fee_override);
  return {
    label: known ? label : 'custom',
    custom_label: known ? null : label.slice(0, 40),
    street_address: item.street_address,
    apartment: item.apartment ?? null,
    city: item.city,
    postal_code: item.postal_code ?? null,
    country: item.country,
    latitude: item.latitude,
    longitude: item.longitude,
    formatted_address: item.formatted_address ?? [item.street_address, item.city].filter(Boolean).join(', '),
    place_id: item.place_id ?? `directus:${item.id}`,
    is_validated: item.is_validated ? 1 : 0,
    last_validated_at: item.last_validated_at ?? null,
    validation_method: item.validation_method ?? null,
    validation_notes: item.validation_notes ?? null,
    delivery_instructions: item.delivery_instructions ?? null,
    is_deliverable: item.is_deliverable ? 1 : 0,
    delivery_zone_name: item.delivery_zone_name ?? null,
    estimated_delivery_time: item.estimated_delivery_time ?? null,
    delivery_fee_override_bani: fee === null || !Number.isFinite(fee) ? null : leiToBani(fee),
    distance_km: item.distance_km ?? null,
    updated_at: item.updated_at ?? item.created_at ?? now,
  } as const;
}

export interface CmsAddressSink {
  readonly name: string;
  /** Creates or updates the copy; answers its Directus id. */
  save(input: { directusUserId: string; cmsId: string | null; createdAt: string; body: object }, signal?: AbortSignal): Promise<string>;
  /** Deletes the copy (found by id, else by owner and created_at); one already gone counts as done. */
  remove(
    input: { directusUserId: string; cmsId: string | null; createdAt: string },
    signal?: AbortSignal,
  ): Promise<'deleted' | 'already-gone'>;
  /** The user's items, filtered by `Customer` in the query and checked again (other owners dropped); unparseable items reported. */
  listFor(directusUserId: string, signal?: AbortSignal): Promise<{ items: DirectusAddress[]; skipped: number }>;
}

const COLLECTION = '/items/customer_addresses';
const sameSecond = (a: string | null | undefined, b: string) =>
  !!a && Math.floor(Date.parse(a) / 1000) === Math.floor(Date.parse(b) / 1000);

export function createDirectusAddressSink(options: {
  url: string;
  token: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): CmsAddressSink {
  const base = options.url.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const headers = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json', accept: 'application/json' };

  async function request(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${base}${path}`, { ...init, headers, signal: init.signal ?? AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      throw new CmsUnavailableError(`Directus did not answer ${path}: ${String(error)}`, { cause: error });
    }
  }

  async function list(query: Record<string, string>, signal?: AbortSignal): Promise<unknown[]> {
    const response = await request(`${COLLECTION}?${new URLSearchParams(query)}`, { signal });
    if (!response.ok) throw new CmsUnavailableError(`Directus answered ${response.status} listing customer_addresses`);
    const parsed = z.object({ data: z.array(z.unknown()) }).safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new CmsUnavailableError('Directus answered customer_addresses in an unexpected shape');
    return parsed.data.data;
  }

  const idsOf = (rows: unknown[]) =>
    rows.flatMap((row) => {
      const parsed = z.object({ id: z.pipe(z.union([z.number(), z.string()]), z.transform(String)) }).safeParse(row);
      return parsed.success ? [parsed.data.id] : [];
    });

  async function exists(cmsId: string, signal?: AbortSignal): Promise<boolean> {
    return idsOf(await list({ 'filter[id][_eq]': cmsId, fields: 'id', limit: '1' }, signal)).length > 0;
  }

  /** A copy made by a create whose answer was lost: same owner, same created_at. */
  async function findByCreatedAt(directusUserId: string, createdAt: string, signal?: AbortSignal): Promise<string | null> {
    const rows = await list({ 'filter[Customer][_eq]': directusUserId, fields: 'id,created_at', limit: '-1' }, signal);
    for (const row of rows) {
      const parsed = z
        .object({ id: z.pipe(z.union([z.number(), z.string()]), z.transform(String)), created_at: nullableString })
        .safeParse(row);
      if (parsed.success && sameSecond(parsed.data.created_at, createdAt)) return parsed.data.id;
    }
    return null;
  }

  return {
    name: 'directus',
    async save({ directusUserId, cmsId, createdAt, body }, signal) {
      const existing = cmsId ?? (await findByCreatedAt(directusUserId, createdAt, signal));
      if (existing) {
        const response = await request(`${COLLECTION}/${encodeURIComponent(existing)}`, {
          method: 'PATCH',
          body: JSON.stringify(body),
          signal,
        });
        if (response.ok) return existing;
        // Directus answers 403 for an item that does not exist: removed there meanwhile, so create it again.
        if ((response.status !== 403 && response.status !== 404) || (await exists(existing, signal))) {
          throw new CmsUnavailableError(`Directus refused address ${existing}: ${response.status}`);
        }
      }
      const response = await request(COLLECTION, { method: 'POST', body: JSON.stringify(body), signal });
      if (!response.ok)
        throw new CmsUnavailableError(`Directus refused a new address: ${response.status} ${(await response.text()).slice(0, 200)}`);
      const parsed = z
        .object({ data: z.object({ id: z.pipe(z.union([z.number(), z.string()]), z.transform(String)) }) })
        .safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new CmsUnavailableError('Directus answered the address create in an unexpected shape');
      return parsed.data.data.id;
    },

    async remove({ directusUserId, cmsId, createdAt }, signal) {
      const target = cmsId ?? (await findByCreatedAt(directusUserId, createdAt, signal));
      if (!target) return 'already-gone';
      const response = await request(`${COLLECTION}/${encodeURIComponent(target)}`, { method: 'DELETE', signal });
      if (response.ok) return 'deleted';
      if ((response.status === 403 || response.status === 404) && !(await exists(target, signal))) return 'already-gone';
      throw new CmsUnavailableError(`Directus refused to delete address ${target}: ${response.status}`);
    },

    async listFor(directusUserId, signal) {
      const rows = await list({ 'filter[Customer][_eq]': directusUserId, fields: '*', limit: '-1', sort: 'id' }, signal);
      const items: DirectusAddress[] = [];
      let skipped = 0;
      for (const row of rows) {
        const parsed = directusAddressSchema.safeParse(row);
        // The filter above is Directus's; the owner is checked here too.
        if (parsed.success && parsed.data.Customer === directusUserId) items.push(parsed.data);
        else skipped += 1;
      }
      return { items, skipped };
    },
  };
}

/** The Directus user id linked to our user, or null (an account that exists only in our store). */
export async function directusUserIdOf(db: Kysely<Database> | Transaction<Database>, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('user_identities')
    .select('subject')
    .where('provider', '=', DIRECTUS_IDENTITY_PROVIDER)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.subject ?? null;
}

/**
 * Sign-in: the customer's Directus addresses into our address book, upserted by Directus id in one
 * transaction. An item already linked to another customer of ours is never moved; one of ours with a
 * local change still waiting in the outbox keeps the local change; an imported default never takes the
 * place of a default the customer already has (one default per customer).
 */
export async function importCmsAddresses(
  db: Kysely<Database>,
  dialect: StoreDialect,
  sink: CmsAddressSink,
  input: { userId: number; directusUserId: string; now: Date },
): Promise<{ imported: number; updated: number; skipped: number }> {
  const { items, skipped: unparsed } = await sink.listFor(input.directusUserId);
  const now = input.now.toISOString();
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, dialect, input.userId);
    let imported = 0;
    let updated = 0;
    let skipped = unparsed;
    for (const item of items) {
      const columns = addressColumnsFromDirectus(item, now);
      if (!columns) {
        skipped += 1;
        continue;
      }
      const mine = await trx
        .selectFrom('customer_addresses')
        .select(['id', 'customer_id'])
        .where('cms_id', '=', item.id)
        .executeTakeFirst();
      if (mine && mine.customer_id !== input.userId) {
        skipped += 1;
        continue;
      }
      const hasDefault = await trx
        .selectFrom('customer_addresses')
        .select('id')
        .where('customer_id', '=', input.userId)
        .where('is_default', '=', 1)
        .$if(!!mine, (q) => q.where('id', '!=', mine!.id))
        .executeTakeFirst();
      const isDefault = item.is_default && !hasDefault ? 1 : 0;
      if (mine) {
        const pending = await trx
          .selectFrom('outbox')
          .select('id')
          .where('kind', '=', CMS_ADDRESS_OUTBOX_KIND)
          .where('dedupe_key', 'like', `${CMS_ADDRESS_OUTBOX_KIND}:${mine.id}:%`)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (pending) continue;
        await trx
          .updateTable('customer_addresses')
          .set({ ...columns, is_default: isDefault })
          .where('id', '=', mine.id)
          .execute();
        updated += 1;
        continue;
      }
      const { count } = await trx
        .selectFrom('customer_addresses')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('customer_id', '=', input.userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= MAX_IMPORTED_PER_CUSTOMER) {
        skipped += 1;
        continue;
      }
      await trx
        .insertInto('customer_addresses')
        .values({
          ...columns,
          customer_id: input.userId,
          pin_confirmed: 0,
          bloc: null,
          scara: null,
          etaj: null,
          apartament: null,
          interfon: null,
          is_default: isDefault,
          created_at: item.created_at ?? now,
          cms_id: item.id,
        })
        .execute();
      imported += 1;
    }
    return { imported, updated, skipped };
  });
}
