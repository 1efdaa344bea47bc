/**
 * A problem beside a field arrives as English text: the contract's zod messages (in English, as the
 * API answers them too), the forms' own hints, and the server's CSV import report. Each is a
 * message of the catalogue (`menu-editor.problem.*`, English identical to the text), so the screen
 * reads the text back into its message and its values, and says it in the screen's language.
 * A text no message matches is shown as it came, inside `menu-editor.problem.other`.
 */
import type { MessageId, MessageValues } from '../../lib/i18n';
import type { EditorMessageId } from './words';
import { ENGLISH_MESSAGES } from './words';

export interface ProblemMessage {
  id: MessageId;
  values?: MessageValues;
}

const PROBLEM_PREFIX = 'menu-editor.problem.';
const FALLBACK: EditorMessageId = 'menu-editor.problem.other';

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** Each problem message as a pattern: its literal text, each {placeholder} any run of characters. */
const PATTERNS = Object.entries(ENGLISH_MESSAGES)
  .filter(([id]) => id.startsWith(PROBLEM_PREFIX) && id !== FALLBACK)
  .map(([id, message]) => {
    const names: string[] = [];
    const source = message
      .split(/\{(\w+)\}/)
      .map((part, index) => {
        if (index % 2 === 0) return escapeRegExp(part);
        names.push(part);
        return '(.+?)';
      })
      .join('');
    return { id: id as EditorMessageId, names, pattern: new RegExp(`^${source}$`, 's') };
  })
  // The most literal text first, so "Use yes or no." is not read as a one-placeholder message.
  .sort((a, b) => a.names.length - b.names.length);

export function problemMessage(text: string): ProblemMessage {
  for (const { id, names, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    // A whole number is given as a number, so a language's plural can count it ("120 de caractere").
    const value = (text: string) => (/^\d{1,15}$/.test(text) ? Number(text) : text);
    return { id, values: Object.fromEntries(names.map((name, index) => [name, value(match[index + 1]!)])) };
  }
  return { id: FALLBACK, values: { text } };
}
