/**
 * Issue 22, the POS ticket when an order moves to the other kitchen
 * (docs/decisions/0151-an-orders-kitchen-in-the-pos-and-the-figures.md): the POS is the restaurant's, so a move
 * sends nothing to it. With a vendor POS a hand-off not yet acknowledged goes out built from the moved
 * order (the new pickup point on the ticket); a ticket the vendor already holds is not sent again, the
 * move is recorded as `posTicket: 'kept'` and logged as a warning. With the embedded board the move is
 * the ticket's move (nothing queued).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { PosPayload } from '../../src/shared/schemas/order';
import type { Pos } from '../integrations/pos/port';
import { createOutboxWorker } from '../jobs/outbox-worker';
import type { Logger } from '../lib/logger';
import { POS_OUTBOX_KIND } from '../orders/pos-hand-off';
import { posTicketOnMove } from '../orders/move';
import type { TestUser } from '../../tests/setup/auth';
import { createUserWithSession } from '../../tests/setup/auth';
import type { TestApp } from '../../tests/setup/test-app';
import { createTestApp } from '../../tests/setup/test-app';
import type { CatalogueItem } from '../../tests/integration/order-fixtures';
import { loadCatalogue, pickupBody, placeOrder } from '../../tests/integration/order-fixtures';

const VENDOR_POS_ENV = { POS: 'http', POS_URL: 'http://127.0.0.1:9/unused' };

interface Warned {
  msg: string;
  fields: Record<string, unknown> | undefined;
}

/** A silent logger that keeps the warnings. */
function warningsLogger(warned: Warned[]): Logger {
  const logger: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (msg, fields) => {
      warned.push({ msg, fields });
    },
    error: () => undefined,
    child: () => logger,
  };
  return logger;
}

describe('the POS ticket rule', () => {
  it('the board moves with the order; a vendor ticket follows until the vendor holds it, then is kept', () => {
    expect(posTicketOnMove('kitchen-board', 'sent')).toBe('board');
    expect(posTicketOnMove('http', 'pending')).toBe('follows');
    expect(posTicketOnMove('http', 'failed: HTTP 503')).toBe('follows');
    expect(posTicketOnMove('http', 'sent')).toBe('kept');
  });
});

describe.each([
  { pos: 'http' as const, env: VENDOR_POS_ENV },
  { pos: 'kitchen-board' as const, env: {} },
])('moving an accepted order with POS=$pos', ({ pos, env }) => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let catalogue: CatalogueItem[];
  let north: number;
  let centre: number;
  let centreAddress: string;
  const warned: Warned[] = [];
  const tickets: PosPayload[] = [];
  const vendor: Pos = {
    name: pos,
    send: (payload) => {
      tickets.push(payload);
      return Promise.resolve('sent');
    },
  };
  const worker = () =>
    createOutboxWorker({ store: t.deps.store, clock: t.clock, logger: t.deps.logger, pos: vendor, orderEvents: t.deps.orderEvents });
  const asAdmin = { headers: { cookie: '' } };
  const post = (path: string, json: unknown) => t.request(path, { method: 'POST', json, ...asAdmin });
  const placeAccepted = async () => {
    const plain = catalogue.find((item) => item.groups.length === 0)!;
    const order = await placeOrder(t, customer, pickupBody(north, [plain]));
    const accepted = await post(`/api/admin/board/${order.orderNumber}/accept`, { prepMinutes: 20 });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    return order;
  };
  const moveToCentre = async (orderNumber: string) => {
    const response = await post(`/api/admin/board/${orderNumber}/move`, { locationId: centre });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const posJobs = async (orderNumber: string) =>
    (await t.deps.store.db.selectFrom('outbox').select(['payload', 'status']).where('kind', '=', POS_OUTBOX_KIND).execute()).filter((row) =>
      row.payload.includes(orderNumber),
    );
  const moveEventDetail = async (orderId: number) => {
    const event = await t.deps.store.db
      .selectFrom('order_events')
      .select('detail')
      .where('order_id', '=', orderId)
      .where('kind', '=', 'location')
      .executeTakeFirstOrThrow();
    return JSON.parse(event.detail ?? '{}') as Record<string, unknown>;
  };

  beforeAll(async () => {
    t = await createTestApp({ env, logger: warningsLogger(warned) });
    admin = await createUserWithSession(t, { role: 'admin' });
    asAdmin.headers.cookie = admin.cookie;
    customer = await createUserWithSession(t);
    catalogue = await loadCatalogue(t);
    const locations = await t.deps.store.db.selectFrom('locations').select(['id', 'address']).orderBy('sort_order').orderBy('id').execute();
    north = locations[0]!.id;
    centre = locations[1]!.id;
    centreAddress = locations[1]!.address;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    warned.length = 0;
    tickets.length = 0;
  });

  if (pos === 'http') {
    it('a hand-off not yet acknowledged goes out naming the new pickup point; nothing else is queued', async () => {
      const order = await placeAccepted();
      expect(await posJobs(order.orderNumber)).toHaveLength(1);
      await moveToCentre(order.orderNumber);
      expect(await posJobs(order.orderNumber)).toHaveLength(1);
      expect(await moveEventDetail(order.id)).toMatchObject({ from: north, to: centre, posTicket: 'follows' });
      await worker().drain();
      expect(tickets.map((ticket) => [ticket.bill.externalOrderNo, ticket.client.address.street])).toEqual([
        [order.orderNumber, centreAddress],
      ]);
      expect(warned).toEqual([]);
    });

    it('a ticket the vendor holds is not sent again: the move is recorded as kept and logged as a warning', async () => {
      const order = await placeAccepted();
      await worker().drain();
      expect(tickets).toHaveLength(1);
      await moveToCentre(order.orderNumber);
      await worker().drain();
      expect(tickets).toHaveLength(1);
      expect((await posJobs(order.orderNumber)).map((job) => job.status)).toEqual(['done']);
      expect(await moveEventDetail(order.id)).toMatchObject({ from: north, to: centre, posTicket: 'kept' });
      expect(warned).toEqual([
        {
          msg: expect.stringContaining('the POS ticket is not re-routed'),
          fields: expect.objectContaining({ orderNumber: order.orderNumber, fromLocationId: north, toLocationId: centre }),
        },
      ]);
    });
  } else {
    it('the board is the kitchen: the move is the ticket’s move, nothing is queued or logged', async () => {
      const order = await placeAccepted();
      await moveToCentre(order.orderNumber);
      expect(await posJobs(order.orderNumber)).toEqual([]);
      expect(await moveEventDetail(order.id)).toMatchObject({ from: north, to: centre, posTicket: 'board' });
      expect(warned).toEqual([]);
    });
  }
});
