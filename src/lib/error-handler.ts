/**
 * The shared error handler (spec §8): turns any failure into one error toast. A failed HTTP request
 * is worded by its code in the screen's language (errors.<code> in src/locales/<language>/errors.json),
 * filled with the parameters the server sent in `details` (issue 23,
 * docs/decisions/0165-server-errors-worded-by-the-client.md); a code the catalogue lacks, or an
 * answer without our body, falls back by status (English: the spec's French texts; Romanian: its own).
 * Other errors use their own message.
 *
 * Screens call useErrorHandler() (./use-error-handler.ts), which brings the screen's words. Without
 * them (code outside any screen) a refusal is shown in the server's own English words, as before
 * issue 23, and the fallbacks are the spec's.
 */
import type { Translate } from './i18n';
import { translateOutsideScreens } from './i18n';
import { ApiRequestError, NetworkError } from './api-fetch';
import { notify } from './notify';
import { formatLei, isBani } from '../shared/money';
import type { MessageId } from '../locales/message-id';
import type { Locale } from '../shared/i18n/locales';

export const HTTP_UNAUTHORIZED = 401;
export const HTTP_FORBIDDEN = 403;
export const HTTP_NOT_FOUND = 404;
export const HTTP_INTERNAL = 500;

export const FALLBACK_MESSAGES = {
  unknown: "Une erreur inconnue s'est produite",
  [HTTP_UNAUTHORIZED]: 'Veuillez vous identifier',
  [HTTP_FORBIDDEN]: "Vous n'avez pas les autorisations requises pour cette ressource",
  [HTTP_NOT_FOUND]: 'Oups, vous vous êtes perdu !',
  [HTTP_INTERNAL]: "Une erreur serveur s'est produite",
} as const;

/** FALLBACK_MESSAGES' entries in the catalogues (errors.json), where English keeps the spec's French. */
export const FALLBACK_MESSAGE_IDS = {
  unknown: 'common.error.fallback.unknown',
  [HTTP_UNAUTHORIZED]: 'common.error.fallback.unauthorized',
  [HTTP_FORBIDDEN]: 'common.error.fallback.forbidden',
  [HTTP_NOT_FOUND]: 'common.error.fallback.notFound',
  [HTTP_INTERNAL]: 'common.error.fallback.server',
} as const satisfies Record<keyof typeof FALLBACK_MESSAGES, MessageId>;

export const NETWORK_ERROR_MESSAGE_ID = 'common.error.client.network' satisfies MessageId;
export const ERROR_TITLE_MESSAGE_ID = 'common.error.client.title' satisfies MessageId;

/**
 * Codes whose English wording depends on the call site (several sites answer one code with different
 * texts, or the text is built from the upstream's or the kitchen's words): in English the server's own
 * message is shown, so each site keeps its exact words; other languages use the code's one wording.
 * A test (server-error-codes.test.ts) fails when a code gets a second English text and is not listed.
 */
export const ENGLISH_WORDED_BY_SITE: ReadonlySet<string> = new Set([
  'address_not_found',
  'bad_request',
  'email_taken',
  'geocoder_bad_response',
  'geocoder_denied',
  'geocoder_rate_limited',
  'geocoder_timeout',
  'geocoder_unavailable',
  'invalid_input',
  'invalid_transition',
  'location_not_found',
  'not_deliverable',
  'not_found',
  'not_paid',
  'rate_limited',
  'refund_not_failed',
  'restaurant_closed',
  'slot_unavailable',
  'too_large',
]);

/** The screen's words and language, which wording an error needs. */
export interface ErrorWords {
  t: Translate;
  locale: Locale;
}

export interface DescribedError {
  status: number | null;
  message: string;
  details?: unknown;
}

type FallbackStatus = keyof typeof FALLBACK_MESSAGES;

function fallbackStatus(status: number | null): FallbackStatus {
  if (status === HTTP_UNAUTHORIZED || status === HTTP_FORBIDDEN || status === HTTP_NOT_FOUND || status === HTTP_INTERNAL) return status;
  return 'unknown';
}

function fallbackFor(status: number | null, words: ErrorWords | undefined): string {
  const key = fallbackStatus(status);
  return words ? words.t(FALLBACK_MESSAGE_IDS[key]) : FALLBACK_MESSAGES[key];
}

/**
 * The message's parameters: the plain values of `details` when it is an object (the server sends the
 * variable parts of its message there). Amounts travel as bani (`…Bani`) and are said as lei in the
 * screen's language.
 */
export function errorMessageValues(details: unknown, locale: Locale): Record<string, string | number> {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return {};
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(details)) {
    if (key.endsWith('Bani') && isBani(value)) values[key] = formatLei(value, locale);
    else if (typeof value === 'number' || typeof value === 'string') values[key] = value;
  }
  return values;
}

/**
 * A refusal of the server as a screen keeps it: an ApiRequestError, or an outbox entry's stored
 * `lastErrorCode`, `lastError` and `lastErrorDetails` (worded when shown, so a refusal stored in English
 * reads in the language of the screen showing it).
 */
export interface Refusal {
  status?: number | null;
  code: string;
  /** The server's own English words. */
  message: string;
  details?: unknown;
}

/** Codes meaning the answer had no body of ours (apiFetch's and the outbox's own). */
const CODES_WITHOUT_BODY: ReadonlySet<string> = new Set(['http_error', 'rejected']);

/**
 * What a server's refusal says in the screen's language: its code's wording with the parameters of
 * `details`; in English the server's own words where the wording depends on the site; a code this
 * bundle does not know (a newer server) in English as the server says it, else by its status.
 */
export function serverErrorMessage(error: Refusal, words: ErrorWords): string {
  const serverMessage = error.message.trim();
  const status = error.status ?? null;
  const fromBody = !CODES_WITHOUT_BODY.has(error.code) && serverMessage !== '';
  if (!fromBody) return fallbackFor(status, words);
  if (words.locale === 'en' && ENGLISH_WORDED_BY_SITE.has(error.code)) return error.message;
  // Ids are built from the server's code; the catalogue is checked against the server's codes by a test.
  const id = `errors.${error.code}` as MessageId;
  const worded = words.t(id, errorMessageValues(error.details, words.locale));
  // Lingui answers an unknown id with the id itself.
  if (worded !== id) return worded;
  return words.locale === 'en' ? error.message : fallbackFor(status, words);
}

/** What an outbox entry keeps of its last refusal (or of why it still waits: no code). */
export interface StoredRefusal {
  lastError: string | null;
  lastErrorCode: string | null;
  lastErrorDetails?: unknown;
}

/**
 * An outbox entry's stored refusal in the screen's language, worded when shown (a refusal stored in
 * English reads Romanian after a switch); as stored without words (code outside any screen). Null when
 * nothing was stored.
 */
export function describeRefusal(entry: StoredRefusal, words?: ErrorWords): string | null {
  const { lastError, lastErrorCode } = entry;
  // English keeps the text as stored: the server's own words, which its code's English says too
  // (server-error-codes.test.ts), or why a write still waits.
  if (lastError === null || !words || words.locale === 'en') return lastError;
  // No code: why a write still waits (the network, a 5xx), said as a connection problem.
  if (lastErrorCode === null) return words.t(NETWORK_ERROR_MESSAGE_ID);
  return serverErrorMessage({ code: lastErrorCode, message: lastError, details: entry.lastErrorDetails }, words);
}

/** The status, message and details of any thrown value (pure; no toast), in `words`' language when given. */
export function describeError(error: unknown, words?: ErrorWords): DescribedError {
  if (error instanceof ApiRequestError) {
    // apiFetch's own "Request failed with status …" means the body had no message of ours.
    const fromBody = error.code !== 'http_error' && error.message.trim() !== '';
    const message = words ? serverErrorMessage(error, words) : fromBody ? error.message : fallbackFor(error.status, undefined);
    return { status: error.status, message, details: error.details };
  }
  if (error instanceof NetworkError)
    return { status: null, message: words ? words.t(NETWORK_ERROR_MESSAGE_ID) : translateOutsideScreens(NETWORK_ERROR_MESSAGE_ID) };
  if (error instanceof Error && error.message) {
    const status = (error as { status?: unknown }).status;
    return {
      status: typeof status === 'number' ? status : null,
      message: error.message,
      details: (error as { details?: unknown }).details,
    };
  }
  return { status: null, message: fallbackFor(null, words) };
}

/** Show one error toast for `error`, titled `title` (default 'Error'). Returns what was shown. */
export function handleError(error: unknown, title?: string, words?: ErrorWords): DescribedError {
  const described = describeError(error, words);
  notify({ type: 'error', title: title ?? (words ? words.t(ERROR_TITLE_MESSAGE_ID) : 'Error'), message: described.message });
  return described;
}
