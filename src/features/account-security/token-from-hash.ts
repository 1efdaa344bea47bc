/**
 * The token of an e-mail link (/reset-password#token=…, /verify-email#token=…). It rides in the
 * fragment so it never reaches a server log or a Referer; once read, the page drops it from the
 * address bar and the history entry (so it is not left on a shared computer).
 */
import { ACCOUNT_TOKEN_PATTERN } from '../../shared/schemas/account-security';

export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && ACCOUNT_TOKEN_PATTERN.test(token) ? token : null;
}

/** Removes the fragment from the current history entry (the address bar and the back button). */
export function dropFragment(location: Location, history: History): void {
  if (location.hash) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}

/** Reads the token once and removes the fragment from the current history entry. */
export function takeTokenFromLocation(location: Location, history: History): string | null {
  const token = tokenFromHash(location.hash);
  dropFragment(location, history);
  return token;
}
