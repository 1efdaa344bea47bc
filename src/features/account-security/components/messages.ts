/** What a failed account-security call says to the person. */
import { ApiRequestError, NetworkError } from '../../../lib/api-fetch';

export const OFFLINE_MESSAGE = 'You appear to be offline. Connect to the internet and try again.';

/** Offline, the server's own words for a 4xx (they say what to do), else `fallback`. */
export function failureMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof NetworkError) return OFFLINE_MESSAGE;
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return error.message;
  return fallback;
}
