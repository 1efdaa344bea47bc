/**
 * Embedded POS default: the restaurant's own kitchen board. A hand-off writes one kitchen_tickets
 * row keyed by the external order number, so a re-send (retry, admin re-send) is harmless. The
 * manager's board screen (admin issue) reads these rows.
 */
import type { Kysely } from 'kysely';

import type { Clock } from '../../../src/shared/clock';
import type { PosPayload } from '../../../src/shared/schemas/order';
import type { Database } from '../../store/schema';
import type { Pos, PosSendResult } from './port';

export function createKitchenBoardPos(db: Kysely<Database>, clock: Clock): Pos {
  return {
    name: 'kitchen-board',
    async send(payload: PosPayload): Promise<PosSendResult> {
      const result = await db
        .insertInto('kitchen_tickets')
        .values({
          external_order_no: payload.bill.externalOrderNo,
          external_order_id: payload.bill.externalOrderID,
          payload: JSON.stringify(payload),
          created_at: clock.now().toISOString(),
        })
        .onConflict((oc) => oc.column('external_order_no').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? 'sent' : 'duplicate';
    },
  };
}
