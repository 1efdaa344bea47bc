/**
 * The signed-in customer's address book (spec §4 Address form, §5 rules, §7 address client).
 * Every query is filtered by the session user: another customer's address id is a 404, the same
 * answer as an id that does not exist, so ids leak nothing.
 *
 * The zone is re-decided on every save from the pin and the kitchens' own zones (issue 22,
 * docs/decisions/0148-address-zones-are-the-kitchens-zones.md); whatever deliverability, zone,
 * distance or time the client sends is ignored (the input schema strips it). A pin no kitchen taking
 * orders covers is refused with 422 and the spec's 'Address Not Deliverable' text naming the nearest
 * kitchen and its distance.
 *
 * Offline: add, edit, delete, set and unset default are queued by the PWA's outbox and sent with an
 * Idempotency-Key; every write here honours it, so a replay answers the first answer. An address
 * added offline carries a gazetteer place id (the device searched the embedded street list): it is
 * resolved by the embedded gazetteer whichever GEOCODER is configured.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Selectable, Transaction } from 'kysely';

import { gazetteerHouseNumber, gazetteerPlaceIdWithNumber, placeWithHouseNumber } from '../../src/shared/domain/house-number';
import type { Address, AddressInputParsed } from '../../src/shared/schemas/address';
import { addressIdParamSchema, addressInputSchema } from '../../src/shared/schemas/address';
import { toDeliveryRoute } from '../../src/shared/domain/kitchen-routing';
import type { DeliveryRoute } from '../../src/shared/schemas/scheduling';
import { deliveryRouteQuerySchema } from '../../src/shared/schemas/scheduling';
import type { AppDeps, AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { kitchenTakesOrders, routeKitchen } from '../lib/kitchen-routing';
import { IDEMPOTENCY_HEADER, runIdempotentWhenKeyed } from '../lib/idempotency';
import { requireUser, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';
import { ADDRESS_WRITES, userWriteThrottle } from '../middleware/user-write-throttle';
import { lockCustomer } from '../store/row-lock';
import type { CustomerAddressesTable, Database } from '../store/schema';
import { SETTINGS_ROW_ID } from '../store/seed';
import type { Logger } from '../lib/logger';
import { enqueueCmsAddressCopy } from '../integrations/cms/directus-addresses';
import { weighDeliverySlot } from '../orders';
import { geoForPlace } from '../integrations/geo/gazetteer';
import { decideFromKitchens, GEO_ERROR_MESSAGES, NOT_DELIVERABLE_MESSAGE, upstreamFailure } from './geo';

export { NOT_DELIVERABLE_MESSAGE };
const MS_PER_MINUTE = 60_000;
/** A generous cap so one account cannot fill the store. */
export const MAX_ADDRESSES_PER_CUSTOMER = 50;

type AddressRow = Selectable<CustomerAddressesTable>;

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    label: row.label === 'work' || row.label === 'custom' ? row.label : 'home',
    customLabel: row.custom_label,
    streetAddress: row.street_address,
    // Rows saved before migration 0011 have no house_number; a gazetteer place id still names it.
    houseNumber: row.house_number ?? (row.no_house_number === 1 ? null : gazetteerHouseNumber(row.place_id)),
    noHouseNumber: row.no_house_number === 1,
    apartment: row.apartment,
    bloc: row.bloc,
    scara: row.scara,
    etaj: row.etaj,
    apartament: row.apartament,
    interfon: row.interfon,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    formattedAddress: row.formatted_address,
    placeId: row.place_id,
    pinConfirmed: row.pin_confirmed === 1,
    isValidated: row.is_validated === 1,
    lastValidatedAt: row.last_validated_at,
    validationMethod: row.validation_method,
    validationNotes: row.validation_notes,
    deliveryInstructions: row.delivery_instructions,
    isDeliverable: row.is_deliverable === 1,
    deliveryZoneName: row.delivery_zone_name,
    estimatedDeliveryTime: row.estimated_delivery_time,
    deliveryFeeOverrideBani: row.delivery_fee_override_bani,
    distanceKm: row.distance_km,
    isDefault: row.is_default === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function addressRoutes(deps: AppDeps) {
  const db = deps.store.db;

  /**
   * A write that may carry the outbox's key: `prepare` (ownership, the geocoder, the zone) refuses
   * before anything is stored, but a stored answer is replayed before it runs, so a replay after the
   * address was deleted or the zone changed answers the first answer, not a new refusal.
   */
  const maybeIdempotent = <T>(
    c: Context,
    scope: string,
    input: unknown,
    prepare: () => Promise<T>,
    work: (trx: Transaction<Database>, prepared: T) => Promise<{ status: ContentfulStatusCode; body: unknown }>,
  ) => runIdempotentWhenKeyed(c, db, deps.clock, scope, input, prepare, work);

  /**
   * The columns a save writes: the customer's own fields (label, unit, block details, instructions,
   * the pin), the place as the geocoder knows it and the server's own zone decision. The client's
   * placeId is only a key: street, formatted address, city, country and (when the geocoder knows it,
   * e.g. the gazetteer from the house number) the postal code come from deps.geo, so a tampered body
   * cannot store a street that does not exist or mark one validated.
   *
   * The house number (issue 27) is the customer's answer, already checked by the schema: a gazetteer
   * place is re-keyed with it (so the postal code fits the number); another geocoder's street line
   * gets it in place of the geocoder's own, and the formatted address is rebuilt around it.
   */
  async function columnsFor(input: AddressInputParsed, now: string, logger: Logger) {
    const placeId = gazetteerPlaceIdWithNumber(input.placeId, input.houseNumber);
    const geo = geoForPlace(deps.geo, placeId);
    let resolved;
    try {
      resolved = await geo.resolve(placeId);
    } catch (error) {
      return upstreamFailure(error, GEO_ERROR_MESSAGES.validate, logger);
    }
    if (!resolved) throw apiError(HTTP_STATUS.UNPROCESSABLE, 'address_not_validated', GEO_ERROR_MESSAGES.validate);
    const place = placeWithHouseNumber(resolved, input.houseNumber, input.postalCode);
    const decision = await decideFromKitchens(db, input, deps.clock.now());
    if (!decision.isDeliverable) {
      throw apiError(HTTP_STATUS.UNPROCESSABLE, 'not_deliverable', decision.message ?? NOT_DELIVERABLE_MESSAGE, {
        distanceKm: decision.distanceKm,
        nearestLocationId: decision.kitchen?.id ?? null,
        nearestLocationName: decision.kitchen?.name ?? null,
      });
    }
    return {
      label: input.label,
      custom_label: input.label === 'custom' ? input.customLabel : null,
      street_address: place.streetAddress,
      house_number: input.houseNumber,
      no_house_number: input.noHouseNumber ? 1 : 0,
      apartment: input.apartment,
      bloc: input.bloc,
      scara: input.scara,
      etaj: input.etaj,
      apartament: input.apartament,
      interfon: input.interfon,
      city: place.city,
      postal_code: place.postalCode ?? input.postalCode,
      country: place.country,
      latitude: input.latitude,
      longitude: input.longitude,
      formatted_address: place.formattedAddress,
      place_id: place.placeId,
      pin_confirmed: input.pinConfirmed ? 1 : 0,
      is_validated: 1,
      last_validated_at: now,
      validation_method: geo.method,
      validation_notes: input.pinConfirmed ? 'Pin confirmed by the customer on the map' : null,
      delivery_instructions: input.deliveryInstructions,
      is_deliverable: 1,
      delivery_zone_name: decision.zoneName,
      estimated_delivery_time: decision.estimatedTime,
      distance_km: decision.distanceKm,
      updated_at: now,
    } as const;
  }

  async function findOwn(trx: Transaction<Database> | typeof db, customerId: number, id: number): Promise<AddressRow> {
    const row = await trx
      .selectFrom('customer_addresses')
      .selectAll()
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!row) throw apiError(HTTP_STATUS.NOT_FOUND, 'not_found', 'Address not found.');
    return row;
  }

  /**
   * Spec §4: setting a default first makes all the customer's other addresses non-default, in the
   * same transaction (a partial unique index backs this up). Their updated_at stays, so the list's
   * newest-updated order does not jump around because another address became the default.
   */
  async function clearDefaults(trx: Transaction<Database>, customerId: number, exceptId?: number) {
    let query = trx
      .updateTable('customer_addresses')
      .set({ is_default: 0 })
      .where('customer_id', '=', customerId)
      .where('is_default', '=', 1);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return query.returning(['id', 'customer_id', 'cms_id', 'created_at']).execute();
  }

  type Copied = Pick<AddressRow, 'id' | 'customer_id' | 'cms_id' | 'created_at'>;
  /** CMS=directus: the changed addresses go to Directus through the outbox, in the write's own transaction. */
  const copyToCms = async (trx: Transaction<Database>, rows: Copied[]) => {
    if (deps.cmsAddresses) await enqueueCmsAddressCopy(trx, rows, deps.clock.now());
  };

  /** Deletes the customer's own address (false when there is none) and, with Directus, its copy there. */
  async function deleteOwn(trx: Transaction<Database>, customerId: number, id: number): Promise<boolean> {
    const deleted = await trx
      .deleteFrom('customer_addresses')
      .where('id', '=', id)
      .where('customer_id', '=', customerId)
      .returning(['id', 'customer_id', 'cms_id', 'created_at'])
      .execute();
    await copyToCms(trx, deleted);
    return deleted.length > 0;
  }

  // GET /:id/kitchen (issue 22): which kitchen would cook a delivery to this saved address and what it
  // would cost (the checkout summary), through the same routing the order gets (api/lib/kitchen-routing.ts)
  // and decided again when the order arrives. A pin only closed kitchens cover names the nearest of them
  // (the storefront's status says it is closed); none: out_of_zone with the nearest kitchen and its
  // distance. docs/decisions/0136-each-kitchen-runs-its-own-delivery.md.
  return new Hono<AppEnv>()
    .use('*', requireUser)
    .use('*', userWriteThrottle(deps, ADDRESS_WRITES))
    .get('/', async (c) => {
      const user = sessionUser(c);
      const rows = await db
        .selectFrom('customer_addresses')
        .selectAll()
        .where('customer_id', '=', user.id)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return c.json({ addresses: rows.map(toAddress), customerId: user.id });
    })
    .get('/:id/kitchen', validate('param', addressIdParamSchema), validate('query', deliveryRouteQuerySchema), async (c) => {
      const user = sessionUser(c);
      const { id } = c.req.valid('param');
      const { slotStart } = c.req.valid('query');
      const address = await db
        .selectFrom('customer_addresses')
        .select(['latitude', 'longitude'])
        .where('id', '=', id)
        .where('customer_id', '=', user.id)
        .executeTakeFirst();
      if (!address) throw apiError(HTTP_STATUS.NOT_FOUND, 'address_not_found', 'Address not found.');
      const [settings, rows] = await Promise.all([
        db.selectFrom('restaurant_settings').select('is_open').where('id', '=', SETTINGS_ROW_ID).executeTakeFirst(),
        db.selectFrom('locations').selectAll().orderBy('sort_order').orderBy('id').execute(),
      ]);
      const restaurantOpen = settings?.is_open === 1;
      const now = deps.clock.now();
      // For later: the kitchen that has the slot, weighed as the order will be (decision 0150); none
      // has it: the nearest covering one is named with no ready time, and the slot check says why.
      const { route, locations } = slotStart
        ? (await weighDeliverySlot(db, { pin: address, rows, restaurantOpen, slotStart, now })).routing
        : await routeKitchen(db, address, rows, (kitchen) => kitchenTakesOrders(kitchen, restaurantOpen, now));
      const mapped = toDeliveryRoute(route);
      if (!mapped) throw apiError(HTTP_STATUS.NOT_FOUND, 'location_not_found', 'The restaurant has no locations.');
      // Its ready time (docs/decisions/0149-checkout-kitchen-from-the-server.md): the slot's start for an
      // order for later, else now + the kitchen's lead time (when an ASAP order is due, as the slots count
      // it); null when the kitchen does not take the order then (closed: the status says so).
      const readyAt =
        route.kind !== 'routed'
          ? null
          : (slotStart ??
            new Date(now.getTime() + (locations.get(route.kitchen.location.id)?.leadMinutes ?? 0) * MS_PER_MINUTE).toISOString());
      const body: DeliveryRoute = mapped.kind === 'routed' ? { ...mapped, readyAt } : mapped;
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    })
    .post('/', validate('json', addressInputSchema), async (c) => {
      const user = sessionUser(c);
      const input = c.req.valid('json');
      const now = deps.clock.now().toISOString();
      // A queued add carries its outbox key: a replay answers the first address, never a second one.
      const create = async (trx: Transaction<Database>, columns: Awaited<ReturnType<typeof columnsFor>>) => {
        await lockCustomer(trx, deps.store.dialect, user.id);
        const { count } = await trx
          .selectFrom('customer_addresses')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('customer_id', '=', user.id)
          .executeTakeFirstOrThrow();
        if (Number(count) >= MAX_ADDRESSES_PER_CUSTOMER) {
          throw apiError(HTTP_STATUS.CONFLICT, 'too_many_addresses', `You can keep at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses.`, {
            max: MAX_ADDRESSES_PER_CUSTOMER,
          });
        }
        const cleared = input.isDefault ? await clearDefaults(trx, user.id) : [];
        const row = await trx
          .insertInto('customer_addresses')
          .values({ ...columns, customer_id: user.id, is_default: input.isDefault ? 1 : 0, created_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        await copyToCms(trx, [row, ...cleared]);
        return { status: HTTP_STATUS.CREATED, body: { address: toAddress(row) } };
      };
      const answer = await maybeIdempotent(
        c,
        `user:${user.id}:POST /api/addresses`,
        input,
        () => columnsFor(input, now, c.get('logger')),
        create,
      );
      return c.json(answer.body as { address: Address }, answer.status);
    })
    .put('/:id', validate('param', addressIdParamSchema), validate('json', addressInputSchema), async (c) => {
      const user = sessionUser(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const now = deps.clock.now().toISOString();
      const prepare = async () => {
        await findOwn(db, user.id, id);
        return columnsFor(input, now, c.get('logger'));
      };
      // A queued edit carries its outbox key: a replay answers the first result and never re-applies
      // it over a later edit.
      const answer = await maybeIdempotent(c, `user:${user.id}:PUT /api/addresses/${id}`, input, prepare, async (trx, columns) => {
        await lockCustomer(trx, deps.store.dialect, user.id);
        const cleared = input.isDefault ? await clearDefaults(trx, user.id, id) : [];
        const row = await trx
          .updateTable('customer_addresses')
          .set({ ...columns, ...(input.isDefault === undefined ? {} : { is_default: input.isDefault ? 1 : 0 }) })
          .where('id', '=', id)
          .where('customer_id', '=', user.id)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw apiError(HTTP_STATUS.NOT_FOUND, 'not_found', 'Address not found.');
        await copyToCms(trx, [row, ...cleared]);
        return { status: HTTP_STATUS.OK, body: { address: toAddress(row) } };
      });
      return c.json(answer.body as { address: Address }, answer.status);
    })
    .delete('/:id', validate('param', addressIdParamSchema), async (c) => {
      const user = sessionUser(c);
      const { id } = c.req.valid('param');
      const scope = `user:${user.id}:DELETE /api/addresses/${id}`;
      if (c.req.header(IDEMPOTENCY_HEADER)) {
        // Queued offline: under a key the answer is 200 { deleted: id } (an empty 204 cannot be
        // stored), and a replay answers it again although the row is gone. Ownership is checked
        // before the key is stored, so a refused request stores no key.
        const own = async () => {
          await findOwn(db, user.id, id);
        };
        const answer = await maybeIdempotent(c, scope, {}, own, async (trx) => {
          await lockCustomer(trx, deps.store.dialect, user.id);
          const deleted = await deleteOwn(trx, user.id, id);
          if (!deleted) throw apiError(HTTP_STATUS.NOT_FOUND, 'not_found', 'Address not found.');
          return { status: HTTP_STATUS.OK, body: { deleted: id } };
        });
        return c.json(answer.body as { deleted: number }, answer.status);
      }
      const deleted = await db.transaction().execute((trx) => deleteOwn(trx, user.id, id));
      if (!deleted) throw apiError(HTTP_STATUS.NOT_FOUND, 'not_found', 'Address not found.');
      return c.body(null, HTTP_STATUS.NO_CONTENT);
    })
    .post('/:id/default', validate('param', addressIdParamSchema), async (c) => {
      const user = sessionUser(c);
      const { id } = c.req.valid('param');
      const now = deps.clock.now().toISOString();
      // Queued offline: the outbox key makes a replay answer the first result without re-applying it.
      // Ownership is checked first, so a refused request stores no idempotency key (a 4xx changes nothing).
      const own = async () => {
        await findOwn(db, user.id, id);
      };
      const answer = await maybeIdempotent(c, `user:${user.id}:POST /api/addresses/${id}/default`, {}, own, async (trx) => {
        await lockCustomer(trx, deps.store.dialect, user.id);
        await findOwn(trx, user.id, id);
        const cleared = await clearDefaults(trx, user.id, id);
        const row = await trx
          .updateTable('customer_addresses')
          .set({ is_default: 1, updated_at: now })
          .where('id', '=', id)
          .where('customer_id', '=', user.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await copyToCms(trx, [row, ...cleared]);
        return { status: HTTP_STATUS.OK, body: { address: toAddress(row) } };
      });
      return c.json(answer.body as { address: Address }, answer.status);
    })
    .delete('/:id/default', validate('param', addressIdParamSchema), async (c) => {
      const user = sessionUser(c);
      const { id } = c.req.valid('param');
      const now = deps.clock.now().toISOString();
      // Queued offline: the outbox key makes a replay answer the first result without re-applying
      // it over a later default. Ownership is checked first, so a refused request stores no key.
      const own = async () => {
        await findOwn(db, user.id, id);
      };
      const answer = await maybeIdempotent(c, `user:${user.id}:DELETE /api/addresses/${id}/default`, {}, own, async (trx) => {
        await lockCustomer(trx, deps.store.dialect, user.id);
        const row = await trx
          .updateTable('customer_addresses')
          .set({ is_default: 0, updated_at: now })
          .where('id', '=', id)
          .where('customer_id', '=', user.id)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw apiError(HTTP_STATUS.NOT_FOUND, 'not_found', 'Address not found.');
        await copyToCms(trx, [row]);
        return { status: HTTP_STATUS.OK, body: { address: toAddress(row) } };
      });
      return c.json(answer.body as { address: Address }, answer.status);
    });
}
