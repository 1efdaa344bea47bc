/**
 * Caps on cash orders waiting for the restaurant (issue 21, defect 6). A cash order costs nothing to
 * place and the kitchen starts on it, so a script (or a stranger with a fresh account) could fill the
 * board with fake orders. Refused, with a message saying what to do, past:
 * - CASH_ORDERS_UNCONFIRMED_PER_ACCOUNT_MAX unconfirmed ('received') cash orders of one account;
 * - CASH_ORDERS_UNCONFIRMED_PER_CLIENT_MAX unconfirmed cash orders from one client address (many
 *   fresh accounts from one place);
 * - CASH_ORDERS_OPEN_UNVERIFIED_MAX open (not delivered or cancelled) cash orders of an account whose
 *   e-mail is not verified.
 * Card orders are not capped here: nothing reaches the kitchen before a verified payment.
 * Checked inside the order's transaction (the customer's row locked on PostgreSQL), so two orders
 * sent at once cannot both slip under a cap.
 */
import { createHash } from 'node:crypto';

import type { Transaction } from 'kysely';

import { IN_PROGRESS_STATUSES } from '../../src/shared/schemas/order-statuses';
import type { StoreDialect } from '../store/dialect';
import { lockCustomer } from '../store/row-lock';
import type { Database, UserRow } from '../store/schema';
import { apiError, HTTP_STATUS } from './http-errors';

export interface CashOrderLimits {
  unconfirmedPerAccount: number;
  unconfirmedPerClient: number;
  openUnverified: number;
}

const UNCONFIRMED_STATUS = 'received';

/** What an order keeps of its client address: a hash, enough to count, never the address. */
export function orderClientKey(client: string): string {
  return createHash('sha256').update(`order-client:${client}`).digest('base64url').slice(0, 32);
}

export const TOO_MANY_UNCONFIRMED_MESSAGE =
  'You already have orders waiting for the restaurant to confirm them. Please wait for a confirmation, or call us.';
export const TOO_MANY_FROM_HERE_MESSAGE =
  'Too many orders from this connection are waiting for the restaurant. Please try again in a few minutes, or call us.';
export const VERIFY_EMAIL_FOR_MORE_MESSAGE =
  'Please confirm your e-mail address (the link we sent you) to have more cash orders open at once, or pay by card.';

function countCash(trx: Transaction<Database>) {
  return trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('payment_method', '=', 'cash');
}

export async function enforceCashOrderLimits(
  trx: Transaction<Database>,
  dialect: StoreDialect,
  input: { user: UserRow; clientKey: string; limits: CashOrderLimits },
): Promise<void> {
  const { user, clientKey, limits } = input;
  await lockCustomer(trx, dialect, user.id);
  const refuse = (code: string, message: string) => apiError(HTTP_STATUS.TOO_MANY_REQUESTS, code, message);

  const mineUnconfirmed = await countCash(trx)
    .where('customer_id', '=', user.id)
    .where('status', '=', UNCONFIRMED_STATUS)
    .executeTakeFirstOrThrow();
  if (Number(mineUnconfirmed.n) >= limits.unconfirmedPerAccount) throw refuse('too_many_open_orders', TOO_MANY_UNCONFIRMED_MESSAGE);

  if (user.email_verified_at === null) {
    const mineOpen = await countCash(trx)
      .where('customer_id', '=', user.id)
      .where('status', 'in', [...IN_PROGRESS_STATUSES])
      .executeTakeFirstOrThrow();
    if (Number(mineOpen.n) >= limits.openUnverified) throw refuse('verify_email_for_more_orders', VERIFY_EMAIL_FOR_MORE_MESSAGE);
  }

  const fromHere = await countCash(trx)
    .where('client_key', '=', clientKey)
    .where('status', '=', UNCONFIRMED_STATUS)
    .executeTakeFirstOrThrow();
  if (Number(fromHere.n) >= limits.unconfirmedPerClient) throw refuse('too_many_open_orders_here', TOO_MANY_FROM_HERE_MESSAGE);
}
