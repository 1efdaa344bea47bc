/**
 * QUALITY R5, graceful degradation: with the payment provider, the POS or the geocoder stand-in
 * failing, hanging (never answering) or resetting the connection, the API answers within 5 s with a
 * clear JSON error, the storefront keeps browsing, and nothing is half-written (the store is the
 * same after a refused payment start; a cash order is accepted and shows its failed hand-off).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Order } from '../../src/shared/schemas/order';
import { createOutboxWorker } from '../../api/jobs/outbox-worker';
import { acceptOrder } from '../../api/orders';
import type { NominatimMode, NominatimStandIn } from '../mocks/nominatim';
import { startNominatimStandIn } from '../mocks/nominatim';
import type { PosMock, PosMode } from '../mocks/pos';
import { seededRandom, startPosMock } from '../mocks/pos';
import type { StripeMock, StripeMockMode } from '../mocks/stripe';
import { startStripeMock } from '../mocks/stripe';
import type { TestUser } from '../setup/auth';
import { createUserWithSession } from '../setup/auth';
import { storeSnapshot } from '../setup/store-snapshot';
import type { TestApp } from '../setup/test-app';
import { createTestApp } from '../setup/test-app';
import type { CatalogueItem } from './order-fixtures';
import { firstLocationId, loadCatalogue, pickupBody, placeOrder } from './order-fixtures';

const ANSWER_WITHIN_MS = 5_000;
const POS_TIMEOUT_MS = 300;

let t: TestApp;
let stripe: StripeMock;
let pos: PosMock;
let geocoder: NominatimStandIn;
let alice: TestUser;
let catalogue: CatalogueItem[];
let locationId: number;

beforeAll(async () => {
  stripe = await startStripeMock();
  pos = await startPosMock();
  geocoder = await startNominatimStandIn();
  t = await createTestApp({
    env: {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.baseUrl,
      POS: 'http',
      POS_URL: pos.url,
      POS_API_KEY: pos.apiKey,
      GEOCODER: 'nominatim',
      NOMINATIM_URL: geocoder.url,
    },
  });
  alice = await createUserWithSession(t);
  catalogue = await loadCatalogue(t);
  locationId = await firstLocationId(t);
});

afterAll(async () => {
  await t.close();
  await Promise.all([stripe.close(), pos.close(), geocoder.close()]);
});

async function timed(pathname: string, init: RequestInit & { json?: unknown } = {}) {
  const started = performance.now();
  const response = await t.request(pathname, { ...init, headers: { cookie: alice.cookie, ...init.headers } });
  const body = (await response.json()) as { error?: { status: number; code: string; message: string } };
  return { status: response.status, body, ms: performance.now() - started };
}

async function storefrontStillBrowses() {
  for (const pathname of ['/api/menu', '/api/restaurant', '/api/restaurant/status']) {
    expect((await t.request(pathname)).status, pathname).toBe(200);
  }
}

describe('R5: payment provider down', () => {
  it.each<StripeMockMode>(['hang', 'fail', 'reset'])(
    'provider %s: starting a payment answers 502 within 5 s and writes nothing',
    { timeout: 20_000 },
    async (mode) => {
      const order = await placeOrder(t, alice, pickupBody(locationId, [catalogue[0]!], { paymentMethod: 'card' }));
      stripe.setMode(mode);
      try {
        const before = await storeSnapshot(t);
        const answer = await timed('/api/payments/create-checkout-session', { method: 'POST', json: { orderNumber: order.orderNumber } });
        expect(answer.ms).toBeLessThan(ANSWER_WITHIN_MS);
        expect(answer.status).toBe(502);
        expect(answer.body.error).toMatchObject({ status: 502, code: 'payments_unavailable' });
        expect(answer.body.error?.message).toMatch(/try again/i);
        expect(await storeSnapshot(t), 'the store after the refused payment start').toEqual(before);
        await storefrontStillBrowses();
      } finally {
        stripe.setMode('ok');
      }
      // Back up: the same order can now be paid.
      const retry = await timed('/api/payments/create-checkout-session', { method: 'POST', json: { orderNumber: order.orderNumber } });
      expect(retry.status).toBe(200);
    },
  );
});

describe('R5: POS down', () => {
  it.each<PosMode>(['hang', 'fail', 'reset'])(
    'POS %s: a cash order is still taken and accepted at once, and its hand-off shows the failure',
    { timeout: 20_000 },
    async (mode) => {
      pos.setMode(mode);
      try {
        const started = performance.now();
        const order = await placeOrder(t, alice, pickupBody(locationId, [catalogue[1]!]));
        // The manager accepts it on the board: that is when a vendor POS hears of it (issue 19).
        const accepted = await acceptOrder(t.deps, { orderNumber: order.orderNumber, prepMinutes: 30 });
        expect(performance.now() - started).toBeLessThan(ANSWER_WITHIN_MS);
        expect(order.posInjectionStatus).toBe('pending');
        expect(accepted).toMatchObject({ status: 'confirmed', posInjectionStatus: 'pending' });

        const worker = createOutboxWorker({
          store: t.deps.store,
          clock: t.clock,
          logger: t.deps.logger,
          pos: t.deps.pos,
          orderEvents: t.deps.orderEvents,
          timeoutMs: POS_TIMEOUT_MS,
          random: seededRandom(1),
        });
        await worker.runOnce();
        await worker.stop();
        const read = await timed(`/api/orders/${order.orderNumber}`);
        expect(read.status).toBe(200);
        const after = (read.body as unknown as { order: Order }).order;
        expect(after.posInjectionStatus).toMatch(/^failed/);
        expect(after.totalBani).toBe(order.totalBani);
        // Still queued for a later attempt, not dropped.
        const queued = await t.deps.store.db
          .selectFrom('outbox')
          .select(['status'])
          .where('dedupe_key', 'like', `%${order.orderNumber}%`)
          .execute();
        expect(queued.map((row) => row.status)).toEqual(['pending']);
        await storefrontStillBrowses();
      } finally {
        pos.setMode('random-faults');
      }
    },
  );
});

describe('R5: geocoder down', () => {
  it.each<NominatimMode>(['hang', 'server-error', 'malformed'])(
    'geocoder %s: address search and validation answer a clear error within 5 s and save nothing',
    { timeout: 20_000 },
    async (mode) => {
      geocoder.setMode(mode);
      try {
        const before = await storeSnapshot(t);
        const search = await timed('/api/geo/autocomplete?query=Strada%20Doja');
        expect(search.ms).toBeLessThan(ANSWER_WITHIN_MS);
        expect([502, 503, 504]).toContain(search.status);
        expect(search.body.error?.code).toMatch(/^geocoder_/);
        expect(search.body.error?.message).toMatch(/try again/i);

        const validate = await timed('/api/geo/validate-address', {
          method: 'POST',
          json: { place_id: 'nominatim:W24500001', formatted_address: 'Strada Gheorghe Doja, Ploiești' },
        });
        expect(validate.ms).toBeLessThan(ANSWER_WITHIN_MS);
        expect([502, 503, 504]).toContain(validate.status);
        expect(validate.body.error?.code).toMatch(/^geocoder_/);
        expect(await storeSnapshot(t)).toEqual(before);
        await storefrontStillBrowses();
      } finally {
        geocoder.setMode('ok');
      }
    },
  );
});
