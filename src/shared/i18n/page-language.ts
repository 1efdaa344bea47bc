/**
 * A page's language in its HTML (issue 23): `<html lang>` of the shell the server answers for a
 * request (api/routes/static.ts) and of the shell the service worker answers offline
 * (src/lib/worker-language.ts), the same rewrite on both sides.
 */
import { shellNamingTestModeNotice } from '../test-mode-notice';
import type { Locale } from './locales';

/**
 * The shell with `<html lang>` set to `locale` (added when the tag has none, replaced when it has
 * one), and the test-mode notice's name in it.
 */
export function shellInLanguage(shell: string, locale: Locale): string {
  return shellNamingTestModeNotice(shell.replace(/<html(?: lang="[^"]*")?/, `<html lang="${locale}"`), locale);
}
