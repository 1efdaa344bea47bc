/**
 * A signed-in person's language, saved with their account (PUT /api/profile/language) so their
 * other devices, e-mails and pushes use it too (docs/decisions/0162-languages-lingui-icu-catalogues.md).
 *
 * Offline: the write goes through the outbox like every other write (src/sync/outbox-runtime.ts):
 * it is in IndexedDB before the switch redraws the screen, and sent when the network allows, with
 * its id as Idempotency-Key. It sets a value, so a replay changes nothing; of two queued choices the
 * later is sent later and stays. A refusal (4xx) shows in the sync panel and the account keeps its
 * language, which the screen then follows again. Until it is sent, this device's queued choice is
 * the account's newest language (unsentAccountLanguage): a reload offline, whose session copy still
 * holds the old one, keeps the screen in the new one.
 */
import type { AppDb } from '../../db/app-db';
import { api, apiPath } from '../../lib/api-client';
import type { Translate } from '../../lib/i18n';
import type { Locale } from '../../shared/i18n/locales';
import { isLocale } from '../../shared/i18n/locales';
import type { LanguageUpdateInput } from '../../shared/schemas/account';

export const ACCOUNT_LANGUAGE_KIND = 'profile.language';

/** Queues `locale` as the account's language and starts sending it (at once, when online). */
export async function queueAccountLanguage(userId: number, locale: Locale, t: Translate): Promise<void> {
  // The outbox (and Dexie with it) is loaded when a switch first needs it, not with the switch's screen.
  const { enqueueWrite } = await import('../../sync/outbox-runtime');
  const body: LanguageUpdateInput = { language: locale };
  await enqueueWrite({
    kind: ACCOUNT_LANGUAGE_KIND,
    label: t('common.language.saved'),
    request: { method: 'PUT', path: apiPath(api.profile.language.$path()), body },
    userId,
  });
}

/** The language this device queued for `userId`'s account and has not sent yet (the newest), or null. */
export async function unsentAccountLanguage(db: AppDb, userId: number): Promise<Locale | null> {
  const queued = await db.outbox.where('userId').equals(userId).toArray();
  const waiting = queued
    .filter((entry) => entry.kind === ACCOUNT_LANGUAGE_KIND && (entry.status === 'pending' || entry.status === 'sending'))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const language = (waiting.at(-1)?.request.body as Partial<LanguageUpdateInput> | undefined)?.language;
  return isLocale(language) ? language : null;
}
