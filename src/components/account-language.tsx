/**
 * Keeps a signed-in person's screens in their account's language (issue 23): after a sign-in, or a
 * reload on a device whose choice differs, the app switches to the account's language
 * (src/entities/language/use-language-choice.ts). Mounted with the account prompts after the first
 * paint, on every page: it costs the first load nothing, and a first paint is drawn in the device's
 * choice, which the account's then replaces.
 */
import { useAccountLanguage } from '../entities/language/use-language-choice';
import { useCurrentUser } from '../entities/session/api/get-current-user';

export function AccountLanguage() {
  useAccountLanguage(useCurrentUser().data);
  return null;
}
