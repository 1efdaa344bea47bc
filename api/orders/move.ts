/**
 * Moving an accepted order to the other kitchen (issue 22, POST /api/admin/board/:orderNumber/move):
 * one conditional UPDATE of the order's kitchen from the one the manager saw, and its order_events
 * row (kind 'location', value the new kitchen's id, detail from/to) in one transaction; the notifier
 * tells the customer by push from that row (api/notifications/notices.ts), and the change is
 * published to the order's page and the other boards. Only an accepted order that has not left the
 * kitchen moves ('confirmed', 'preparing', 'sent to kitchen'): a new one is simply accepted or
 * rejected where it is, one out for delivery or finished has nothing left to cook
 * (docs/decisions/0139-boards-per-location.md). A pickup order's pickup point moves with it.
 *
 * The POS ticket (docs/decisions/0151-an-orders-kitchen-in-the-pos-and-the-figures.md): the POS is the
 * restaurant's, one for both kitchens, so a move sends nothing to it. With the embedded board the
 * move is the ticket's move. With a vendor POS a hand-off still to come is built from the moved order
 * when it runs (the new pickup point on the ticket); a ticket the vendor already holds stays as it is
 * (it takes an order number once and has no update call), so the move is recorded with
 * `posTicket: 'kept'` and logged as a warning for whoever runs the POS.
 */
import type { PosKind } from '../../src/shared/domain/order-status';
import type { Order, OrderStatus } from '../../src/shared/schemas/order';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import type { Logger } from '../lib/logger';
import { findOrder } from '../lib/order-records';
import { insertOrderEvents } from '../store/order-events-queries';
import { moveOrderKitchen } from '../store/orders-queries';
import type { StatusMoveDeps } from './status';
import { publishBoardMove, publishOrderState } from './publish';

export const MOVABLE_STATUSES: readonly OrderStatus[] = ['confirmed', 'preparing', 'sent to kitchen'];

/**
 * What a move does to the order's POS ticket: 'board' (the embedded board is the kitchen: the move is
 * the ticket's move), 'follows' (a vendor hand-off not yet acknowledged is built from the moved order
 * when it runs), 'kept' (the vendor already holds the ticket as first sent; nothing re-sends it).
 */
export type PosTicketOnMove = 'board' | 'follows' | 'kept';

export function posTicketOnMove(pos: PosKind, posInjectionStatus: string | null): PosTicketOnMove {
  if (pos === 'kitchen-board') return 'board';
  return posInjectionStatus === 'sent' ? 'kept' : 'follows';
}

export async function moveOrderToKitchen(
  deps: StatusMoveDeps & { logger: Logger },
  input: { orderNumber: string; locationId: number },
): Promise<Order> {
  const found = await findOrder(deps.store.db, input.orderNumber);
  if (!found) throw apiError(HTTP_STATUS.NOT_FOUND, 'order_not_found', 'Order Not Found');
  const { order, row } = found;
  if (!MOVABLE_STATUSES.includes(order.status)) {
    throw apiError(
      HTTP_STATUS.CONFLICT,
      'not_movable',
      'Only an accepted order that has not left the kitchen can move to another kitchen.',
      {
        status: order.status,
      },
    );
  }
  if (row.location_id === input.locationId) {
    throw apiError(HTTP_STATUS.CONFLICT, 'same_location', 'The order is already at this kitchen.');
  }
  const target = await deps.store.db.selectFrom('locations').select('id').where('id', '=', input.locationId).executeTakeFirst();
  if (!target) throw apiError(HTTP_STATUS.UNPROCESSABLE, 'location_not_found', 'This location does not exist.');
  const at = deps.clock.now().toISOString();
  const posTicket = posTicketOnMove(deps.pos.name, order.posInjectionStatus);
  await deps.store.db.transaction().execute(async (trx) => {
    const moved = await moveOrderKitchen(trx, { orderId: order.id, from: row.location_id, to: input.locationId, status: order.status, at });
    if (!moved) throw apiError(HTTP_STATUS.CONFLICT, 'invalid_transition', 'The order changed meanwhile. Refresh the board and try again.');
    await insertOrderEvents(trx, [
      {
        orderId: order.id,
        kind: 'location',
        value: String(input.locationId),
        at,
        detail: { from: row.location_id, to: input.locationId, by: 'manager', posTicket },
      },
    ]);
  });
  if (posTicket === 'kept') {
    deps.logger.warn('order moved to another kitchen after the POS took its ticket; the POS ticket is not re-routed', {
      orderNumber: order.orderNumber,
      fromLocationId: row.location_id,
      toLocationId: input.locationId,
    });
  }
  await publishOrderState(deps.store, deps.orderEvents, order.orderNumber);
  publishBoardMove(deps.liveEvents, { orderNumber: order.orderNumber, status: order.status, at });
  deps.orderEvents.notifyOutbox();
  return (await findOrder(deps.store.db, order.orderNumber))!.order;
}
