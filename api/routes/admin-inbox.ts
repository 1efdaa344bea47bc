/**
 * /api/admin/inbox (issue 18): the contact page's messages and the orders' feedback, which were
 * written and read by nobody, as one list for the manager (docs/decisions/0122-inbox-one-list-over-two-tables.md).
 * - GET `/` → Inbox: newest first, at most INBOX_MAX_ENTRIES, with the count of unhandled entries
 *   over the whole of both tables (the navigation's badge).
 * - POST `/:kind/:id/handled` {handled} → the entry's new handledAt. Idempotent by nature: it sets a
 *   value (marking a handled entry handled again keeps the first time), so the PWA queues it in its
 *   outbox and a replay changes nothing (docs/decisions/0123-inbox-mark-handled-through-the-outbox.md).
 * Every change publishes 'inbox-changed' on the admin stream, so other tablets' badges follow.
 */
import { Hono } from 'hono';
import { z } from 'zod/mini';

import type { Inbox, InboxEntry, InboxHandledResult } from '../../src/shared/schemas/menu-editor';
import { inboxHandledSchema } from '../../src/shared/schemas/menu-editor';
import type { AppDeps, AppEnv } from '../deps';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { requireAdmin } from '../middleware/session';
import { validate } from '../middleware/validate';
import type { Database } from '../store/schema';

/** The inbox lists at most this many entries (newest first); older ones stay in the store. */
export const INBOX_MAX_ENTRIES = 200;
/** A contact message's subject is its first line, cut to this many characters. */
export const INBOX_SUBJECT_MAX_CHARS = 60;

const ENTRY_PARAM = z.object({
  kind: z.enum(['contact', 'feedback']),
  id: z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER)),
});

/**
 * The contact form has no subject field: the message's first line stands for one, so the list and
 * the reply's "Re: …" say what the message is about.
 */
export function contactSubject(message: string): string {
  const firstLine = message.trim().split(/\r?\n/, 1)[0]!.trim();
  const chars = [...firstLine];
  return chars.length <= INBOX_SUBJECT_MAX_CHARS
    ? firstLine
    : `${chars
        .slice(0, INBOX_SUBJECT_MAX_CHARS - 1)
        .join('')
        .trimEnd()}…`;
}

export function feedbackSubject(orderNumber: string): string {
  return `Feedback on order ${orderNumber}`;
}

/** Newest first; at the same instant the higher id (written later) first, contact before feedback for a stable order. */
function newestFirst(a: InboxEntry, b: InboxEntry): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.id !== b.id) return b.id - a.id;
  return a.kind < b.kind ? -1 : 1;
}

async function unhandledCount(db: AppDeps['store']['db'], table: keyof Pick<Database, 'contact_messages' | 'order_feedback'>) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('handled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function adminInboxRoutes(deps: AppDeps) {
  const db = deps.store.db;
  return new Hono<AppEnv>()
    .use('*', requireAdmin)
    .get('/', async (c) => {
      const [contacts, feedback, contactUnhandled, feedbackUnhandled] = await Promise.all([
        db
          .selectFrom('contact_messages')
          .select(['id', 'name', 'email', 'message', 'created_at', 'handled_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(INBOX_MAX_ENTRIES)
          .execute(),
        db
          .selectFrom('order_feedback')
          .innerJoin('orders', 'orders.id', 'order_feedback.order_id')
          // A left join: feedback outlives a deleted account (then it has no address to reply to).
          .leftJoin('users', 'users.id', 'order_feedback.customer_id')
          .select([
            'order_feedback.id',
            'order_feedback.rating',
            'order_feedback.message',
            'order_feedback.created_at',
            'order_feedback.handled_at',
            'orders.id as order_id',
            'orders.order_number',
            'users.email',
            'users.first_name',
            'users.last_name',
          ])
          .orderBy('order_feedback.created_at', 'desc')
          .orderBy('order_feedback.id', 'desc')
          .limit(INBOX_MAX_ENTRIES)
          .execute(),
        unhandledCount(db, 'contact_messages'),
        unhandledCount(db, 'order_feedback'),
      ]);
      const entries: InboxEntry[] = [
        ...contacts.map((row): InboxEntry => ({
          kind: 'contact',
          id: row.id,
          at: row.created_at,
          name: row.name,
          email: row.email,
          subject: contactSubject(row.message),
          body: row.message,
          rating: null,
          orderId: null,
          orderNumber: null,
          handledAt: row.handled_at,
        })),
        ...feedback.map((row): InboxEntry => ({
          kind: 'feedback',
          id: row.id,
          at: row.created_at,
          name: [row.first_name, row.last_name].filter(Boolean).join(' ') || 'Former customer',
          email: row.email ?? '',
          subject: feedbackSubject(row.order_number),
          body: row.message,
          rating: row.rating,
          orderId: row.order_id,
          orderNumber: row.order_number,
          handledAt: row.handled_at,
        })),
      ];
      const body: Inbox = {
        entries: entries.sort(newestFirst).slice(0, INBOX_MAX_ENTRIES),
        unhandled: contactUnhandled + feedbackUnhandled,
      };
      return c.json(body);
    })
    .post('/:kind/:id/handled', validate('param', ENTRY_PARAM), validate('json', inboxHandledSchema), async (c) => {
      const { kind, id } = c.req.valid('param');
      const { handled } = c.req.valid('json');
      const table = kind === 'contact' ? 'contact_messages' : 'order_feedback';
      const now = deps.clock.now().toISOString();
      const row = await db
        .updateTable(table)
        // Marking an already handled entry keeps the first time: a replayed or doubled request changes nothing.
        .set((eb) => ({ handled_at: handled ? eb.fn.coalesce('handled_at', eb.val(now)) : null }))
        .where('id', '=', id)
        .returning('handled_at')
        .executeTakeFirst();
      if (!row) throw apiError(HTTP_STATUS.NOT_FOUND, 'inbox_entry_not_found', 'This message no longer exists.');
      deps.liveEvents.publish({ type: 'inbox-changed', at: now });
      const body: InboxHandledResult = { kind, id, handledAt: row.handled_at };
      return c.json(body);
    });
}
