/**
 * The server's words (issue 23): the pushes and e-mails, in each recipient's language. The
 * catalogues are ICU MessageFormat (./en.json, ./ro.json: one id, one message), compiled once when
 * this module loads by Lingui's compiler and formatted by Lingui's runtime, the library the client
 * uses too (docs/decisions/0162-languages-lingui-icu-catalogues.md). Plurals follow each language's
 * rules (Romanian: "o zi", "2 zile", "20 de zile").
 */
import type { I18n } from '@lingui/core';
import { setupI18n } from '@lingui/core';

import type { Locale } from '../../src/shared/i18n/locales';
import { compileCatalogue } from '../../src/shared/i18n/compile-catalogue';
import { LOCALES } from '../../src/shared/i18n/locales';
import en from './en.json';
import ro from './ro.json';

export type ServerMessageId = keyof typeof en;
export type MessageValues = Record<string, string | number>;
/** One language's words: the message of an id, its {placeholders} filled from `values`. */
export type Translate = (id: ServerMessageId, values?: MessageValues) => string;

/** Both catalogues, typed by the English one: a message missing in Romanian fails the type check. */
export const SERVER_CATALOGUES: Record<Locale, Record<ServerMessageId, string>> = { en, ro };

function compiledRuntime(locale: Locale): I18n {
  return setupI18n({ locale, messages: { [locale]: compileCatalogue(SERVER_CATALOGUES[locale]) } });
}

const TRANSLATORS = new Map<Locale, Translate>(
  LOCALES.map((locale) => {
    const runtime = compiledRuntime(locale);
    return [locale, (id: ServerMessageId, values?: MessageValues) => runtime._(id, values)];
  }),
);

export function serverMessages(locale: Locale): Translate {
  const translate = TRANSLATORS.get(locale);
  if (!translate) throw new Error(`No catalogue for ${locale}`);
  return translate;
}
