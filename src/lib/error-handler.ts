/**
 * The shared error handler (spec §8): turns any failure into one error toast. A failed HTTP request
 * takes status, message and details from our error body; when the body carries no message the
 * fallback texts (French, as the spec has them) apply by status. Other errors use their own message.
 */
import { ApiRequestError, NetworkError } from './api-fetch';
import { notify } from './notify';

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

export interface DescribedError {
  status: number | null;
  message: string;
  details?: unknown;
}

function fallbackFor(status: number | null): string {
  if (status === HTTP_UNAUTHORIZED || status === HTTP_FORBIDDEN || status === HTTP_NOT_FOUND || status === HTTP_INTERNAL)
    return FALLBACK_MESSAGES[status];
  return FALLBACK_MESSAGES.unknown;
}

/** The status, message and details of any thrown value (pure; no toast). */
export function describeError(error: unknown): DescribedError {
  if (error instanceof ApiRequestError) {
    // apiFetch's own "Request failed with status …" means the body had no message of ours.
    const fromBody = error.code !== 'http_error' && error.message.trim() !== '';
    return { status: error.status, message: fromBody ? error.message : fallbackFor(error.status), details: error.details };
  }
  if (error instanceof NetworkError) return { status: null, message: 'Check your connection and try again.' };
  if (error instanceof Error && error.message) {
    const status = (error as { status?: unknown }).status;
    return {
      status: typeof status === 'number' ? status : null,
      message: error.message,
      details: (error as { details?: unknown }).details,
    };
  }
  return { status: null, message: FALLBACK_MESSAGES.unknown };
}

/** Show one error toast for `error`, titled `title` (default 'Error'). Returns what was shown. */
export function handleError(error: unknown, title = 'Error'): DescribedError {
  const described = describeError(error);
  notify({ type: 'error', title, message: described.message });
  return described;
}
