/**
 * The editor's pure modules word what they return (a conflict's values, a time window, an option's
 * price, a move's announcement) with the screen's `t` and language. Called without them they speak
 * English, the product's default, straight from the English catalogue: its messages these modules
 * use have plain {placeholders} only (no plural or select), so no ICU runtime is needed for it.
 */
import english from '../../locales/en/menu-editor.json';
import type { Translate } from '../../lib/i18n';
import type { Locale } from '../../shared/i18n/locales';
import { DEFAULT_LOCALE } from '../../shared/i18n/locales';

export type EditorMessageId = keyof typeof english;

/** The screen's words and language, as a component has them from useT() and useLocale(). */
export interface Words {
  t: Translate;
  locale: Locale;
}

/** An English message of the editor's with its {placeholders} filled in. */
export function inEnglish(id: EditorMessageId, values: Record<string, string | number> = {}): string {
  return english[id].replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}

export const ENGLISH_WORDS: Words = { t: (id, values) => inEnglish(id as EditorMessageId, values), locale: DEFAULT_LOCALE };

/** Every English message of the editor's, for reading a problem's English back into its message (./problems.ts). */
export const ENGLISH_MESSAGES: Readonly<Record<EditorMessageId, string>> = english;
