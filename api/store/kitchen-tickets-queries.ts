/**
 * Queries on `kitchen_tickets`, the embedded POS's board (one ticket per external order number).
 * Written only through the orders module (docs/decisions/0092-the-orders-module-owns-every-order-write.md).
 */
import type { Kysely } from 'kysely';

import type { Database } from './schema';

/** True when the ticket is new; false when one for this order number is already on the board. */
export async function insertKitchenTicket(
  db: Kysely<Database>,
  ticket: { externalOrderNo: string; externalOrderId: number; payload: string; createdAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('kitchen_tickets')
    .values({
      external_order_no: ticket.externalOrderNo,
      external_order_id: ticket.externalOrderId,
      payload: ticket.payload,
      created_at: ticket.createdAt,
    })
    .onConflict((oc) => oc.column('external_order_no').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
