/**
 * Account deletion: the person's orders stay for the books (amounts, items, dates); who and where
 * leave them. Runs in the deletion's own transaction (api/routes/account.ts).
 */
import type { Transaction } from 'kysely';

import { anonymiseOrdersOf } from '../store/orders-queries';
import type { Database } from '../store/schema';

export async function anonymiseOrders(
  trx: Transaction<Database>,
  customerId: number,
  replacement: { customerName: string; customerEmail: string; at: string },
): Promise<void> {
  await anonymiseOrdersOf(trx, customerId, replacement);
}
