/**
 * /api/admin/settings and /api/admin/locations (issue 7, spec §2 Admin settings, §4 save): the
 * manager reads every setting (money in bani) and saves them with the version the form was loaded
 * at. A save from a stale version (someone else saved in between, or a tablet's offline save
 * reaching the server late through its outbox) is refused with 409 settings_conflict carrying the
 * current settings, so nobody silently overwrites another person's change.
 *
 * Offline: the PWA queues the save in its outbox with a UUID as Idempotency-Key; a retried save is
 * replayed from the stored answer (same 200 or the same 409), never applied twice.
 *
 * Issue 22: the delivery fee, minimum order and radius are each kitchen's (PUT /api/admin/locations/:id);
 * the settings save neither stores them nor passes them on to the kitchens (the bridge of decision 0137
 * is gone: docs/decisions/0148-address-zones-are-the-kitchens-zones.md). The restaurant-wide columns stay
 * as they were: a Directus-backed restaurant's kitchens still read theirs.
 */
import { Hono } from 'hono';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod/mini';

import type { LocationUpdate, SettingsUpdate } from '../../src/shared/schemas/admin';
import {
  LOCATION_CONFLICT_CODE,
  locationHoursUpdateSchema,
  locationUpdateSchema,
  SETTINGS_CONFLICT_CODE,
  settingsUpdateSchema,
} from '../../src/shared/schemas/admin';
import type { OpeningHours } from '../../src/shared/schemas/restaurant';
import type { AppDeps, AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, requestHash, runIdempotent } from '../lib/idempotency';
import { managerLocationOf } from '../lib/manager-scope';
import { refuseWritesWhenCmsIsRemote } from '../middleware/cms-managed';
import { requireAdmin, sessionUser } from '../middleware/session';
import { validate } from '../middleware/validate';
import { locationColumnsOf, locationFromRow } from '../store/location-row';
import type { Database } from '../store/schema';
import { SETTINGS_ROW_ID } from '../store/seed';
import { settingsFromRow } from '../store/settings-row';

const SAVE_SETTINGS_ROUTE = 'PUT /api/admin/settings';
const SAVE_LOCATION_ROUTE = 'PUT /api/admin/locations/:id';
const LOCATION_ID_PARAM = z.object({ id: z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)) });

export function adminSettingsRoutes(deps: AppDeps) {
  const db = deps.store.db;

  /** One conditional UPDATE: only the version the manager started from may be replaced. */
  async function save(input: SettingsUpdate, executor: Kysely<Database> | Transaction<Database>) {
    const result = await executor
      .updateTable('restaurant_settings')
      .set({
        name: input.name,
        description: input.description,
        phone: input.phone,
        email: input.email,
        address: input.address,
        is_open: input.isOpen ? 1 : 0,
        // Absent (an older client's queued save): the manager's earlier choice stays.
        ...(input.minimumOrderAppliesToPickup === undefined
          ? {}
          : { minimum_order_applies_to_pickup: input.minimumOrderAppliesToPickup ? (1 as const) : (0 as const) }),
        estimated_delivery_time: input.estimatedDeliveryTime,
        // Absent (an older client's queued save): the stored limit stays.
        ...(input.acceptWithinMinutes === undefined ? {} : { accept_within_minutes: input.acceptWithinMinutes }),
        delivery_base_lat: input.deliveryBaseLat,
        delivery_base_lng: input.deliveryBaseLng,
        version: input.version + 1,
        updated_at: deps.clock.now().toISOString(),
      })
      .where('id', '=', SETTINGS_ROW_ID)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      // Read through the same executor: on SQLite's single connection a read outside the open
      // transaction would wait for it forever.
      const row = await executor.selectFrom('restaurant_settings').selectAll().where('id', '=', SETTINGS_ROW_ID).executeTakeFirstOrThrow();
      const current = settingsFromRow(row);
      throw apiError(
        HTTP_STATUS.CONFLICT,
        SETTINGS_CONFLICT_CODE,
        'Someone else saved the settings after you opened them. Review the current settings and save again.',
        { current },
      );
    }
  }

  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .use('*', refuseWritesWhenCmsIsRemote(deps))
    .get('/', async (c) => {
      const [settings, locations] = await Promise.all([deps.cms.loadSettings(), deps.cms.loadLocations()]);
      return c.json({ settings, locations });
    })
    .put('/', validate('json', settingsUpdateSchema), async (c) => {
      const input = c.req.valid('json');
      if (c.req.header(IDEMPOTENCY_HEADER)) {
        const user = sessionUser(c);
        const answer = await runIdempotent(
          db,
          deps.clock,
          { scope: `user:${user.id}:${SAVE_SETTINGS_ROUTE}`, key: idempotencyKeyOf(c), hash: requestHash(input) },
          async (trx) => {
            await save(input, trx);
            return { status: HTTP_STATUS.OK, body: { version: input.version + 1 } };
          },
        );
        if (answer.replayed) c.header('Idempotent-Replayed', 'true');
        if (answer.status !== HTTP_STATUS.OK) return c.json(answer.body as object, answer.status);
      } else {
        await save(input, db);
      }
      const settings = await deps.cms.loadSettings();
      deps.liveEvents.publish({ type: 'settings-changed', version: settings.version, at: deps.clock.now().toISOString() });
      return c.json({ settings }, HTTP_STATUS.OK);
    });
}

/** 400 when an interval closes at or before it opens (the schema checks each time, not the pair). */
function refuseBackwardsIntervals(hours: OpeningHours, prefix = ''): void {
  for (const [day, intervals] of Object.entries(hours.weekly)) {
    if (intervals.some((interval) => interval.close <= interval.open)) {
      throw apiError(HTTP_STATUS.BAD_REQUEST, 'invalid_input', 'An interval must close after it opens.', [
        { path: `${prefix}weekly.${day}`, message: 'close must be after open' },
      ]);
    }
  }
  hours.exceptions.forEach((exception, index) => {
    if (exception.intervals.some((interval) => interval.close <= interval.open)) {
      throw apiError(HTTP_STATUS.BAD_REQUEST, 'invalid_input', 'An interval must close after it opens.', [
        { path: `${prefix}exceptions.${index}`, message: 'close must be after open' },
      ]);
    }
  });
}

/**
 * A zone the fee bands do not reach would be a ring nobody delivers to (routing prices every delivery
 * from the bands, src/shared/domain/kitchen-routing.ts): the last band must reach the radius.
 */
function refuseBandsShortOfZone(input: LocationUpdate): void {
  const lastBand = input.deliveryFees.bands[input.deliveryFees.bands.length - 1]!;
  if (input.zone.kind === 'radius' && lastBand.upToKm < input.zone.radiusKm) {
    throw apiError(HTTP_STATUS.BAD_REQUEST, 'invalid_input', 'The fee bands must reach the edge of the delivery zone.', [
      {
        path: `deliveryFees.bands.${input.deliveryFees.bands.length - 1}.upToKm`,
        message: `the last fee band must reach the zone's radius (${input.zone.radiusKm} km)`,
      },
    ]);
  }
}

/**
 * /api/admin/locations (issue 7, issue 22):
 *   PUT /:id        one kitchen's own settings (name, address, pin, phone, hours, open toggle, zone,
 *                   lead time, slot capacity, minimum order, fee bands) with the version the form was
 *                   loaded at: 409 location_conflict with the current copy when someone saved meanwhile,
 *                   404 for an unknown id; a manager limited to one kitchen edits only that one (403).
 *                   Offline: the PWA queues it with an Idempotency-Key; a retry replays the stored answer.
 *   PUT /:id/hours  weekly intervals, closed days (empty lists) and exceptions (no version, as before).
 * Either publishes 'settings-changed' so open storefronts and boards read the restaurant again.
 */
export function adminLocationsRoutes(deps: AppDeps) {
  const db = deps.store.db;

  async function publishChanged() {
    deps.liveEvents.publish({
      type: 'settings-changed',
      version: (await deps.cms.loadSettings()).version,
      at: deps.clock.now().toISOString(),
    });
  }

  /** One conditional UPDATE: only the version the manager started from may be replaced. */
  async function saveLocation(id: number, input: LocationUpdate, executor: Kysely<Database> | Transaction<Database>) {
    const { version, ...fields } = input;
    const result = await executor
      .updateTable('locations')
      .set({ ...locationColumnsOf(fields), version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return;
    // Read through the same executor (SQLite's one connection is held by the open transaction).
    const row = await executor.selectFrom('locations').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw apiError(HTTP_STATUS.NOT_FOUND, 'location_not_found', 'Location not found.');
    throw apiError(
      HTTP_STATUS.CONFLICT,
      LOCATION_CONFLICT_CODE,
      'Someone else saved this location after you opened it. Review the current settings and save again.',
      { current: locationFromRow(row) },
    );
  }

  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .use('*', refuseWritesWhenCmsIsRemote(deps))
    .put('/:id', validate('param', LOCATION_ID_PARAM), validate('json', locationUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const own = managerLocationOf(sessionUser(c));
      if (own !== null && own !== id)
        throw apiError(HTTP_STATUS.FORBIDDEN, 'location_forbidden', 'This account works for another kitchen.');
      refuseBackwardsIntervals(input.openingHours, 'openingHours.');
      refuseBandsShortOfZone(input);
      if (c.req.header(IDEMPOTENCY_HEADER)) {
        const user = sessionUser(c);
        const answer = await runIdempotent(
          db,
          deps.clock,
          { scope: `user:${user.id}:${SAVE_LOCATION_ROUTE}:${id}`, key: idempotencyKeyOf(c), hash: requestHash(input) },
          async (trx) => {
            await saveLocation(id, input, trx);
            return { status: HTTP_STATUS.OK, body: { version: input.version + 1 } };
          },
        );
        if (answer.replayed) c.header('Idempotent-Replayed', 'true');
        if (answer.status !== HTTP_STATUS.OK) return c.json(answer.body as object, answer.status);
      } else {
        await saveLocation(id, input, db);
      }
      const location = (await deps.cms.loadLocations()).find((l) => l.id === id)!;
      await publishChanged();
      return c.json({ location }, HTTP_STATUS.OK);
    })
    .put('/:id/hours', validate('param', LOCATION_ID_PARAM), validate('json', locationHoursUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const hours = c.req.valid('json');
      refuseBackwardsIntervals(hours);
      const result = await db
        .updateTable('locations')
        // The version moves too: a kitchen form loaded before this would otherwise put the old hours back.
        .set((eb) => ({ opening_hours: JSON.stringify(hours), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw apiError(HTTP_STATUS.NOT_FOUND, 'location_not_found', 'Location not found.');
      const location = (await deps.cms.loadLocations()).find((l) => l.id === id)!;
      await publishChanged();
      return c.json({ location });
    });
}
