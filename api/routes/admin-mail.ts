/**
 * GET /api/admin/mail (manager only): the messages the embedded Mail default kept instead of sending
 * them (no SMTP_URL; api/integrations/mail/store-kept.ts), newest first, so a demo shows what would
 * have been sent. Account links' tokens are hidden: they are live credentials of other people.
 * With SMTP_URL set the list stays empty (`smtp: true` says why).
 */
import { Hono } from 'hono';
import { z } from 'zod/mini';

import type { SentMailView } from '../../src/shared/schemas/sent-mail';
import type { AppDeps, AppEnv } from '../deps';
import { withoutLinkTokens } from '../integrations/mail/store-kept';
import { requireAdmin } from '../middleware/session';
import { validate } from '../middleware/validate';

export const SENT_MAIL_PAGE_SIZE = 50;
const QUERY = z.object({ before: z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647))) });

export function adminMailRoutes(deps: AppDeps) {
  const db = deps.store.db;
  return new Hono<AppEnv>().get('/', requireAdmin, validate('query', QUERY), async (c) => {
    const { before } = c.req.valid('query');
    let query = db.selectFrom('sent_mail').selectAll().orderBy('id', 'desc').limit(SENT_MAIL_PAGE_SIZE);
    if (before) query = query.where('id', '<', before);
    const rows = await query.execute();
    const messages: SentMailView[] = rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      text: withoutLinkTokens(row.text_body),
      html: row.html_body === null ? null : withoutLinkTokens(row.html_body),
      createdAt: row.created_at,
    }));
    return c.json({ smtp: Boolean(deps.env.SMTP_URL), messages });
  });
}
