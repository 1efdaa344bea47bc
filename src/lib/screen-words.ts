/**
 * Words a pure module (a reducer, a rule, a state machine) hands its screen (issue 23): a message of
 * the catalogues, with its values, or text that arrives already written (the server's reason, a
 * street name), which is shown as it came. The module stays free of the language; the screen words it.
 */
import type { MessageId, MessageValues, Translate } from './i18n';

export type Words =
  | MessageId
  | { id: MessageId; values: MessageValues }
  /** A message naming a list of things, each a message too ("Please enter: First name, Phone"), as `{items}`. */
  | { id: MessageId; items: readonly MessageId[]; values?: MessageValues }
  | { verbatim: string };

/** The text of `words` in the screen's language. */
export function wordsText(t: Translate, words: Words): string {
  if (typeof words === 'string') return t(words);
  if ('verbatim' in words) return words.verbatim;
  if ('items' in words) return t(words.id, { ...words.values, items: words.items.map((item) => t(item)).join(', ') });
  return t(words.id, words.values);
}

/** A toast's words: its title, and its message (often the server's own). */
export interface ToastWords {
  title: MessageId;
  message: Words;
}

/** A toast's title and message in the screen's language. */
export function toastText(t: Translate, toast: ToastWords): { title: string; message: string } {
  return { title: t(toast.title), message: wordsText(t, toast.message) };
}
