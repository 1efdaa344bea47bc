/**
 * The web app manifest in a request's language (issue 23): `lang`, and the members a person reads
 * (the app's name in the install dialog, its description, the screenshots' labels, the shortcuts'
 * names), from the server's catalogues (api/i18n). The root manifest.webmanifest stays the one
 * source of everything else; the server answers it rewritten per request, revalidated every time
 * (api/routes/static.ts), so a device that switches language gets the manifest in it on its next
 * check. The short name is the brand's and stays.
 */
import type { ServerMessageId } from '../i18n/translate';
import { serverMessages } from '../i18n/translate';
import type { Locale } from '../../src/shared/i18n/locales';

type Manifest = Record<string, unknown>;
type Member = Record<string, unknown>;

/** Each screenshot's label, by its form factor. */
const SCREENSHOT_LABELS: Readonly<Record<string, ServerMessageId>> = {
  narrow: 'manifest.screenshot.narrow',
  wide: 'manifest.screenshot.wide',
};

/** Each shortcut's names, by its URL. */
const SHORTCUT_NAMES: Readonly<Record<string, { name: ServerMessageId; short_name: ServerMessageId }>> = {
  '/menu': { name: 'manifest.shortcut.menu', short_name: 'manifest.shortcut.menu.short' },
  '/order-history': { name: 'manifest.shortcut.orders', short_name: 'manifest.shortcut.orders.short' },
};

const members = (value: unknown): Member[] | null =>
  Array.isArray(value) ? value.map((item) => (typeof item === 'object' && item !== null ? (item as Member) : {})) : null;

/** `manifest` in `locale`: its worded members replaced where it has them, nothing added but `lang`. */
export function manifestInLanguage(manifest: Manifest, locale: Locale): Manifest {
  const say = serverMessages(locale);
  const worded: Manifest = { ...manifest, lang: locale };
  if ('name' in manifest) worded.name = say('manifest.name');
  if ('description' in manifest) worded.description = say('manifest.description');
  const screenshots = members(manifest.screenshots);
  if (screenshots) {
    worded.screenshots = screenshots.map((shot) => {
      const label = SCREENSHOT_LABELS[String(shot.form_factor)];
      return label && 'label' in shot ? { ...shot, label: say(label) } : shot;
    });
  }
  const shortcuts = members(manifest.shortcuts);
  if (shortcuts) {
    worded.shortcuts = shortcuts.map((shortcut) => {
      const names = SHORTCUT_NAMES[String(shortcut.url)];
      if (!names) return shortcut;
      return {
        ...shortcut,
        ...('name' in shortcut ? { name: say(names.name) } : {}),
        ...('short_name' in shortcut ? { short_name: say(names.short_name) } : {}),
      };
    });
  }
  return worded;
}
