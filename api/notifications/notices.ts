/**
 * What each order event tells whom (issue 20): the rules of the notifier (./notifier.ts), pure
 * apart from reading the order. A notice has a key that names its cause once and for all (an order
 * is received once, paid once, refunded once per refund), so however often an event is read, its
 * notices go out once: the key is the outbox rows' dedupe key.
 *
 * Customers (push): confirmed with the ready time, out for delivery / ready for pickup, cancelled by
 * the restaurant, refunded. Customers (e-mail): a cash order when placed ("we received your order");
 * a card order when paid (the receipt, which is also its confirmation: nothing before the payment,
 * when the order is not on the board yet); each confirmed refund. The board (push): every order
 * that reaches it (cash: placed; card: paid), and one still not accepted past its deadline
 * (docs/decisions/0108-order-mail-and-push-rules.md).
 */
import type { Kysely } from 'kysely';

import type { Locale } from '../../src/shared/i18n/locales';
import { chosenLocale, LOCALES } from '../../src/shared/i18n/locales';
import type { Bani } from '../../src/shared/money';
import { asBani } from '../../src/shared/money';
import type { Order, OrderStatus } from '../../src/shared/schemas/order';
import { orderStatusSchema, paymentMethodSchema } from '../../src/shared/schemas/order';
import type { PushPayload } from '../../src/shared/schemas/push';
import type { MailMessage } from '../integrations/mail/port';
import { findOrder } from '../lib/order-records';
import type { Database, OrderEventRow } from '../store/schema';
import { orderNamedIn } from './mail-dish-names';
import type { RestaurantContact } from './order-mail';
import { orderReceivedMessage, receiptMessage, refundMessage } from './order-mail';
import {
  cancelledText,
  confirmedText,
  newOrderText,
  movedKitchenText,
  outForDeliveryText,
  readyForPickupText,
  refundedText,
  waitingText,
} from './push-texts';

/** How long after its deadline an unaccepted order still rings the board (older ones are history). */
export const WAITING_LOOKBACK_MS = 60 * 60_000;

/** A push's text in every language: each device gets its owner's (users.language; the notifier picks). */
export type LocalizedText = Record<Locale, string>;
/** A push to send: the payload, its text not yet in one language. */
export type NoticePush = Omit<PushPayload, 'text'> & { text: LocalizedText };

function inEveryLanguage(textIn: (locale: Locale) => string): LocalizedText {
  return Object.fromEntries(LOCALES.map((locale) => [locale, textIn(locale)])) as LocalizedText;
}

export interface OrderNotice {
  /** Names the cause once ("received:12", "refund:12:r3"): the outbox dedupe key's stem. */
  key: string;
  orderId: number;
  customerId: number;
  audience: 'customer' | 'board';
  /** When the cause happened (ISO). */
  at: string;
  push: NoticePush | null;
  /** Written in the customer's language (users.language). */
  mail: MailMessage | null;
}

export interface NoticeContext {
  restaurant: RestaurantContact;
  acceptWithinMinutes: number;
  /** Orders read in this pass, by id (several events of one order read it once). */
  orders: Map<number, Promise<NoticeOrder | null>>;
}

/** An order as notices read it: with its customer, and the language they chose. */
interface NoticeOrder {
  order: Order;
  customerId: number;
  locale: Locale;
}

export async function loadNoticeContext(db: Kysely<Database>, origin: string): Promise<NoticeContext> {
  const settings = await db.selectFrom('restaurant_settings').selectAll().executeTakeFirst();
  return {
    restaurant: { name: settings?.name || 'Casa Grătarului', address: settings?.address ?? '', phone: settings?.phone ?? '', origin },
    acceptWithinMinutes: settings?.accept_within_minutes ?? 5,
    orders: new Map(),
  };
}

function orderOf(db: Kysely<Database>, orderId: number, context: NoticeContext): Promise<NoticeOrder | null> {
  let found = context.orders.get(orderId);
  if (!found) {
    found = db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.customer_id')
      .select(['orders.order_number', 'orders.customer_id', 'users.language'])
      .where('orders.id', '=', orderId)
      .executeTakeFirst()
      .then(async (row) => {
        if (!row) return null;
        const result = await findOrder(db, row.order_number);
        return result ? { order: result.order, customerId: row.customer_id, locale: chosenLocale(row.language) } : null;
      });
    context.orders.set(orderId, found);
  }
  return found;
}

function refundIdOf(detail: string | null): number | null {
  if (!detail) return null;
  try {
    const value = (JSON.parse(detail) as { refundId?: unknown }).refundId;
    return typeof value === 'number' && Number.isInteger(value) ? value : null;
  } catch {
    return null;
  }
}

function date(iso: string | null): Date | null {
  return iso ? new Date(iso) : null;
}

/** The customer's push for a status they care about (its text in a language), or null. */
function customerStatusText(status: OrderStatus, order: Order): ((locale: Locale) => string) | null {
  switch (status) {
    case 'confirmed':
      return (lang) =>
        confirmedText(lang, {
          fulfilment: order.fulfilment,
          readyAt: date(order.readyAt),
          arrivalFrom: date(order.arrivalWindow?.from ?? null),
          arrivalTo: date(order.arrivalWindow?.to ?? null),
          scheduled: order.scheduledFor !== null,
        });
    case 'out for delivery':
      return order.fulfilment === 'pickup'
        ? (lang) => readyForPickupText(lang, order.pickupLocation?.name ?? null)
        : (lang) => outForDeliveryText(lang);
    case 'cancelled':
      // Their own cancel needs no push to tell them.
      return order.cancelledBy === 'customer' ? null : (lang) => cancelledText(lang, order.cancelReasonCode);
    default:
      return null;
  }
}

/** The board's "new order" push: once per order (its key), whether it rang when placed, paid or released. */
function newOrderNotice(order: Pick<Order, 'id' | 'orderNumber' | 'totalBani' | 'fulfilment' | 'paymentMethod'>) {
  return {
    key: `new:${order.id}`,
    audience: 'board' as const,
    push: {
      audience: 'board' as const,
      kind: 'new-order' as const,
      orderNumber: order.orderNumber,
      status: 'received' as const,
      text: inEveryLanguage((lang) =>
        newOrderText(lang, { totalBani: asBani(order.totalBani), fulfilment: order.fulfilment, paymentMethod: order.paymentMethod }),
      ),
    },
    mail: null,
  };
}

/** Every notice one event makes (none for most). */
export async function noticesOf(db: Kysely<Database>, event: OrderEventRow, context: NoticeContext): Promise<OrderNotice[]> {
  const found = await orderOf(db, event.order_id, context);
  if (!found) return [];
  const { order, customerId, locale: lang } = found;
  const base = { orderId: order.id, customerId, at: event.at };
  const notices: OrderNotice[] = [];
  const customerPush = (key: string, status: OrderStatus, textIn: (locale: Locale) => string) =>
    notices.push({
      ...base,
      key,
      audience: 'customer',
      push: { audience: 'customer', kind: 'status', orderNumber: order.orderNumber, status, text: inEveryLanguage(textIn) },
      mail: null,
    });
  // A mail names the dishes in the customer's language: read from the menu only when a mail is written.
  let mailed: Promise<Order> | undefined;
  const customerMail = async (key: string, message: (named: Order) => MailMessage) => {
    const mail = message(await (mailed ??= orderNamedIn(db, order, lang)));
    notices.push({ ...base, key, audience: 'customer', push: null, mail });
  };
  const boardNewOrder = () => {
    // Already accepted or rejected by the time this is read: nothing left to ring for.
    if (order.status !== 'received') return;
    // An order for later rings when it is released (releasedNotices, the same key), not when placed or paid.
    if (order.releaseAt !== null && order.releaseAt > event.at) return;
    notices.push({ ...base, ...newOrderNotice(order) });
  };
  const refunded = async (key: string, amount: Bani, kind: 'full' | 'partial') => {
    customerPush(key, order.status, (pushLang) => refundedText(pushLang, amount));
    await customerMail(key, (named) => refundMessage(named, { amountBani: amount, kind, at: event.at }, context.restaurant, lang));
  };

  if (event.kind === 'status') {
    const status = orderStatusSchema.safeParse(event.value);
    if (!status.success) return [];
    if (status.data === 'received') {
      // A card order reaches the board, and the customer's mailbox, when it is paid.
      if (order.paymentMethod === 'cash') {
        await customerMail(`received:${order.id}`, (named) => orderReceivedMessage(named, context.restaurant, lang));
        boardNewOrder();
      }
      return notices;
    }
    const textIn = customerStatusText(status.data, order);
    if (textIn) customerPush(`status:${order.id}:${status.data}`, status.data, textIn);
    return notices;
  }
  if (event.kind === 'payment') {
    if (event.value === 'paid' && order.paymentMethod === 'card') {
      await customerMail(`receipt:${order.id}`, (named) => receiptMessage(named, event.at, context.restaurant, lang));
      boardNewOrder();
    }
    // A full refund confirmed: the same notice as its refund row's 'succeeded' (one of the two may be missing).
    if (event.value === 'refunded') await refunded(`refund:${order.id}:full`, asBani(order.totalBani), 'full');
    return notices;
  }
  if (event.kind === 'location') {
    const location = await db.selectFrom('locations').select('name').where('id', '=', Number(event.value)).executeTakeFirst();
    customerPush(`moved:${order.id}:e${event.id}`, order.status, (pushLang) =>
      movedKitchenText(pushLang, { fulfilment: order.fulfilment, locationName: location?.name ?? null }),
    );
    return notices;
  }
  if (event.kind === 'refund' && event.value === 'succeeded') {
    const refundId = refundIdOf(event.detail);
    const refund = order.refunds.find((candidate) => candidate.id === refundId);
    if (!refund) return notices;
    if (refund.kind === 'full') await refunded(`refund:${order.id}:full`, asBani(refund.amountBani), 'full');
    else await refunded(`refund:${order.id}:r${refund.id}`, asBani(refund.amountBani), 'partial');
  }
  return notices;
}

/** The board's "still waiting" push for each order past its accept deadline (once per deadline). */
export async function waitingNotices(db: Kysely<Database>, now: Date, context: NoticeContext): Promise<OrderNotice[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'customer_id', 'accept_deadline_at'])
    .where('status', '=', 'received')
    .where('accept_deadline_at', 'is not', null)
    .where('accept_deadline_at', '<=', now.toISOString())
    .where('accept_deadline_at', '>', new Date(now.getTime() - WAITING_LOOKBACK_MS).toISOString())
    .execute();
  return rows.map((row) => {
    const deadline = row.accept_deadline_at!;
    const overMinutes = Math.max(0, Math.floor((now.getTime() - new Date(deadline).getTime()) / 60_000));
    return {
      key: `waiting:${row.id}:${deadline}`,
      orderId: row.id,
      customerId: row.customer_id,
      audience: 'board' as const,
      at: deadline,
      push: {
        audience: 'board' as const,
        kind: 'waiting' as const,
        orderNumber: row.order_number,
        status: 'received' as const,
        text: inEveryLanguage((lang) => waitingText(lang, context.acceptWithinMinutes + overMinutes)),
      },
      mail: null,
    };
  });
}

/**
 * The board's "new order" push for each order for later whose release time came (issue 22): a
 * scheduled order waits in the board's Scheduled lane and rings when it reaches the new-orders lane,
 * at its slot start minus the kitchen's lead time. A scan like waitingNotices (no event marks the
 * moment); its key is the new-order key, so an order rings once whether its release was seen here or
 * had already passed when it was placed or paid. Cash orders ring when released; card orders once
 * also paid. Releases older than WAITING_LOOKBACK_MS are history (a restart does not ring them).
 */
export async function releasedNotices(db: Kysely<Database>, now: Date): Promise<OrderNotice[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'customer_id', 'release_at', 'total_bani', 'fulfilment', 'payment_method'])
    .where('status', '=', 'received')
    .where('release_at', '<=', now.toISOString())
    .where('release_at', '>', new Date(now.getTime() - WAITING_LOOKBACK_MS).toISOString())
    .where((eb) => eb.or([eb('payment_method', '=', 'cash'), eb('payment_status', '=', 'paid')]))
    .execute();
  return rows.map((row) => ({
    ...newOrderNotice({
      id: row.id,
      orderNumber: row.order_number,
      totalBani: row.total_bani,
      fulfilment: row.fulfilment === 'pickup' ? 'pickup' : 'delivery',
      paymentMethod: paymentMethodSchema.parse(row.payment_method),
    }),
    orderId: row.id,
    customerId: row.customer_id,
    at: row.release_at!,
  }));
}
