/**
 * The language switch (issue 23): each language by its own name (English, Română), in the header's
 * account menu and in the footer. A labelled group of toggle buttons, the screen's language pressed.
 * Choosing works offline: the language's words are precached, the device keeps the choice in its
 * cookie, and a signed-in person's account gets it through the outbox
 * (src/entities/language/use-language-choice.ts). A polite live line says the switch happened, in
 * the new language, for a screen reader; not a `status` role, which the page's own messages take (the
 * switch sits in the footer of every page).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { useLanguageChoice } from '../entities/language/use-language-choice';
import { currentUserKeys, useCurrentUser } from '../entities/session/api/get-current-user';
import { useT } from '../lib/i18n';
import type { Locale } from '../shared/i18n/locales';
import { LOCALE_NAMES, LOCALES } from '../shared/i18n/locales';
import type { CurrentUser } from '../shared/schemas/user';
import './language-switch.css';

export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const labelId = useId();
  const { locale, choose } = useLanguageChoice();
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [switched, setSwitched] = useState(false);

  const pick = (next: Locale) => {
    if (next === locale) return;
    // The session shows the account's new language at once: the account's language wins on this
    // screen (useAccountLanguage), and it must not switch back while the change is on its way.
    if (user) queryClient.setQueryData<CurrentUser | null>(currentUserKeys.me, (shown) => (shown ? { ...shown, language: next } : shown));
    setSwitched(true);
    void choose(next, user ?? null);
  };

  return (
    <div className={`language-switch${className ? ` ${className}` : ''}`} role="group" aria-labelledby={labelId}>
      <span id={labelId} className="language-switch__label">
        {t('common.language.label')}
      </span>
      {LOCALES.map((option) => (
        <button
          key={option}
          type="button"
          className="language-switch__option"
          // Each name in its own language, so a screen reader pronounces "Română" as Romanian.
          lang={option}
          aria-pressed={option === locale}
          onClick={() => pick(option)}
        >
          {LOCALE_NAMES[option]}
        </button>
      ))}
      <span className="visually-hidden" aria-live="polite" data-testid="language-switched">
        {switched ? t('common.language.switched', { language: LOCALE_NAMES[locale] }) : null}
      </span>
    </div>
  );
}
