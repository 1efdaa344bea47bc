/**
 * One menu edit = one transaction, with the Idempotency-Key the editor's outbox sends (like
 * PUT /api/admin/settings): a retried write is answered from the stored first answer, never applied
 * twice. Unlike the settings, a refusal (4xx) is not stored: it rolls the key back with everything
 * else and the retry is decided again (the same stale revision is the same 409), so a refused
 * request leaves the store exactly as it was (docs/decisions/0112-menu-rows-carry-a-revision.md).
 *
 * After a commit (not after a replay) the storefront hears of it: the menu cache is rebuilt on the
 * next GET /api/menu (new version, new ETag) and 'menu-changed' goes to every open tab and board.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Transaction } from 'kysely';

import type { AppDeps, AppEnv } from '../deps';
import { ApiHttpError, HTTP_STATUS } from '../lib/http-errors';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, requestHash, runIdempotent } from '../lib/idempotency';
import { sessionUser } from '../middleware/session';
import type { Database } from '../store/schema';
import type { EditContext } from './service';

/** Carries a refusal out of the idempotent transaction so it rolls back instead of being stored. */
class RefusedInsideWrite extends Error {
  constructor(readonly refusal: ApiHttpError) {
    super('menu write refused');
  }
}

export interface MenuWriteAnswer {
  status: ContentfulStatusCode;
  body: unknown;
  replayed: boolean;
}

export async function runMenuWrite(
  c: Context<AppEnv>,
  deps: AppDeps,
  route: string,
  input: unknown,
  work: (ctx: EditContext) => Promise<{ status: ContentfulStatusCode; body: unknown }>,
): Promise<MenuWriteAnswer> {
  const user = sessionUser(c);
  const run = (trx: Transaction<Database>) =>
    work({ db: trx, actor: { userId: user.id, email: user.email }, now: deps.clock.now() }).catch((error: unknown) => {
      if (error instanceof ApiHttpError && error.status < HTTP_STATUS.INTERNAL) throw new RefusedInsideWrite(error);
      throw error;
    });
  let answer: MenuWriteAnswer;
  try {
    if (c.req.header(IDEMPOTENCY_HEADER)) {
      const guard = { scope: `user:${user.id}:${route}`, key: idempotencyKeyOf(c), hash: requestHash(input) };
      answer = await runIdempotent(deps.store.db, deps.clock, guard, run);
    } else {
      answer = { ...(await deps.store.db.transaction().execute(run)), replayed: false };
    }
  } catch (error) {
    if (error instanceof RefusedInsideWrite) throw error.refusal;
    throw error;
  }
  if (answer.replayed) {
    c.header('Idempotent-Replayed', 'true');
  } else {
    deps.menuCache.invalidate();
    deps.liveEvents.publish({ type: 'menu-changed', at: deps.clock.now().toISOString() });
  }
  return answer;
}
