/**
 * Queries on push_subscriptions (migration 0016): a device's Web Push subscription per audience.
 * One row per (endpoint, audience): subscribing again from the same device refreshes its keys and
 * moves it to whoever is signed in now (one subscription per device per account).
 */
import type { Kysely, Selectable, Transaction } from 'kysely';

import type { PushSubscriptionsTable } from './notifications-schema';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type PushAudienceValue = 'customer' | 'board';
/** A subscription with its owner's language (users.language, issue 23): each device gets its pushes in it. */
export type PushRecipientRow = PushSubscriptionRow & { language: string | null };

function withOwnersLanguage(db: Db) {
  return db
    .selectFrom('push_subscriptions')
    .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
    .selectAll('push_subscriptions')
    .select('users.language');
}

export async function upsertPushSubscription(
  db: Db,
  values: { audience: PushAudienceValue; userId: number; endpoint: string; p256dh: string; auth: string; deviceLabel: string; now: string },
): Promise<PushSubscriptionRow> {
  return db
    .insertInto('push_subscriptions')
    .values({
      audience: values.audience,
      user_id: values.userId,
      endpoint: values.endpoint,
      p256dh: values.p256dh,
      auth: values.auth,
      device_label: values.deviceLabel,
      created_at: values.now,
      updated_at: values.now,
    })
    .onConflict((oc) =>
      oc.columns(['endpoint', 'audience']).doUpdateSet({
        user_id: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        device_label: values.deviceLabel,
        updated_at: values.now,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A person's own subscriptions of one audience, newest first. */
export async function pushSubscriptionsOf(db: Db, userId: number, audience: PushAudienceValue): Promise<PushRecipientRow[]> {
  return withOwnersLanguage(db)
    .where('push_subscriptions.user_id', '=', userId)
    .where('push_subscriptions.audience', '=', audience)
    .orderBy('push_subscriptions.created_at', 'desc')
    .orderBy('push_subscriptions.id', 'desc')
    .execute();
}

/** Every subscription of an audience ('board': every tablet rings for every order). */
export async function pushSubscriptionsFor(db: Db, audience: PushAudienceValue): Promise<PushRecipientRow[]> {
  return withOwnersLanguage(db).where('push_subscriptions.audience', '=', audience).orderBy('push_subscriptions.id').execute();
}

export async function pushSubscriptionById(db: Db, id: number): Promise<PushSubscriptionRow | undefined> {
  return db.selectFrom('push_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes one subscription; with `owner`, only when it is that person's (else nothing, and false). */
export async function deletePushSubscription(
  db: Db,
  id: number,
  owner?: { userId: number; audience: PushAudienceValue },
): Promise<boolean> {
  let query = db.deleteFrom('push_subscriptions').where('id', '=', id);
  if (owner) query = query.where('user_id', '=', owner.userId).where('audience', '=', owner.audience);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The push service said the subscription is gone (404/410): delete it unless it was renewed meanwhile. */
export async function deleteGonePushSubscription(db: Db, id: number, endpoint: string): Promise<boolean> {
  const result = await db.deleteFrom('push_subscriptions').where('id', '=', id).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
