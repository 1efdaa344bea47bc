/**
 * Issue 23's "no English left" check for the e2e specs: the English messages of the browser's
 * catalogues (src/locales/en/*.json) that a Romanian screen must not show. A message counts when its
 * Romanian differs from it (a word both languages write alike, "Total", proves nothing) and its
 * text is longer than a few characters; a message with ICU arguments counts by its literal pieces.
 * Found as whole words, ignoring case (CSS may capitalise what innerText returns).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';

const LOCALES_DIR = 'src/locales';
/** Shorter pieces ("Add", "Yes", "km") also occur inside Romanian text and dish names by chance. */
const MIN_PIECE_LENGTH = 4;

type Catalogue = Record<string, string>;

function catalogueOf(locale: string): Catalogue {
  const dir = path.join(LOCALES_DIR, locale);
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Catalogue),
  ) as Catalogue;
}

/** The text of an ICU message outside its arguments ("{count, plural, ...}", "{name}"), in pieces. */
export function literalPieces(message: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of message) {
    if (char === '{') {
      if (depth === 0) pieces.push(current);
      current = depth === 0 ? '' : current;
      depth += 1;
    } else if (char === '}') {
      depth = Math.max(0, depth - 1);
    } else if (depth === 0) {
      current += char;
    }
  }
  pieces.push(current);
  return pieces.map((piece) => piece.replace(/\s+/g, ' ').trim()).filter((piece) => piece.length >= MIN_PIECE_LENGTH);
}

export interface EnglishMessage {
  id: string;
  text: string;
  pattern: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every English piece a Romanian screen must not show, with the message it comes from. A piece the
 * Romanian catalogue also says (any message, whatever the case: the English of a screen that was
 * Romanian already, "Comandă Online") is not English.
 */
export function englishOnlyMessages(): EnglishMessage[] {
  const en = catalogueOf('en');
  const ro = catalogueOf('ro');
  const romanian = new Set(Object.values(ro).flatMap((message) => literalPieces(message).map((piece) => piece.toLowerCase())));
  return Object.entries(en).flatMap(([id, english]) => {
    if (ro[id]?.toLowerCase() === english.toLowerCase()) return [];
    return literalPieces(english)
      .filter((piece) => !romanian.has(piece.toLowerCase()))
      .map((text) => ({ id, text, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escape(text)}(?![\\p{L}\\p{N}])`, 'iu') }));
  });
}

/** The Romanian catalogue's messages that are not also English, for "the screen is in Romanian". */
export function romanianOnlyPieces(): string[] {
  const en = catalogueOf('en');
  const ro = catalogueOf('ro');
  return Object.entries(ro).flatMap(([id, romanian]) => (en[id] === romanian ? [] : literalPieces(romanian)));
}

/** The English pieces found in `text`, as "id: text" lines (each piece once). */
export function englishIn(text: string, messages: readonly EnglishMessage[] = englishOnlyMessages()): string[] {
  const found = messages.filter(({ pattern }) => pattern.test(text)).map(({ id, text: piece }) => `${id}: ${piece}`);
  return [...new Set(found)];
}

/** What the person sees on the page now: the body's rendered text (hidden elements left out). */
export function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}
