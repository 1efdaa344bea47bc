/**
 * The language switch's hooks (issue 23). Choosing a language: the device keeps it in the `lang`
 * cookie, a signed-in person's account gets it through the outbox (./account-language-repo.ts:
 * offline it is queued and sent later), then every screen redraws in it and `<html lang>` follows
 * (src/lib/i18n.tsx switchLanguage). Signed in, the account's language wins: when the session is
 * known (a reload, a sign-in) and the account's language is not the screen's, the app switches to
 * it and the device keeps it too, so the server's next page is drawn in it.
 */
import { useCallback, useEffect } from 'react';

import { useLocale, useSwitchLanguage, useT } from '../../lib/i18n';
import type { Locale } from '../../shared/i18n/locales';
import type { CurrentUser } from '../../shared/schemas/user';
import { languageToFollow, rememberDeviceLanguage } from './language-choice';

type Account = Pick<CurrentUser, 'id' | 'language'>;

const loadRepo = () => import('./account-language-repo');

export interface LanguageChoice {
  /** The screen's language. */
  locale: Locale;
  /**
   * Makes `next` the language of this device and, signed in, of `account`; resolves once the
   * screens are redrawn in it. The caller shows the account's new language in the session it holds.
   */
  choose: (next: Locale, account: Account | null) => Promise<void>;
}

export function useLanguageChoice(): LanguageChoice {
  const locale = useLocale();
  const switchLanguage = useSwitchLanguage();
  const t = useT();
  const choose = useCallback(
    async (next: Locale, account: Account | null) => {
      rememberDeviceLanguage(next);
      // Queued before the redraw: a session read racing the switch finds the newer choice waiting.
      if (account) await loadRepo().then((repo) => repo.queueAccountLanguage(account.id, next, t));
      await switchLanguage(next);
    },
    [switchLanguage, t],
  );
  return { locale, choose };
}

/**
 * Keeps a signed-in person's screen in their account's language (the device's choice otherwise).
 * `account`: the session's person, null or undefined when nobody is signed in or it is not known yet.
 */
export function useAccountLanguage(account: Account | null | undefined): void {
  const locale = useLocale();
  const switchLanguage = useSwitchLanguage();
  const id = account?.id;
  const language = account?.language ?? null;
  useEffect(() => {
    if (id === undefined || languageToFollow(language, null, locale) === null) return;
    let current = true;
    void (async () => {
      const [{ db }, repo] = await Promise.all([import('../../db/db'), loadRepo()]);
      const unsent = await repo.unsentAccountLanguage(db, id).catch(() => null);
      const next = languageToFollow(language, unsent, locale);
      if (!current || next === null) return;
      rememberDeviceLanguage(next);
      await switchLanguage(next);
    })();
    return () => {
      current = false;
    };
  }, [id, language, locale, switchLanguage]);
}
