/**
 * Which external sign-in the login dialog offers (issue 4, docs/decisions/0022-google-sign-in-is-plain-openid-connect.md). The server says
 * what it has configured (GET /api/auth/providers); until it has answered, or when it cannot be
 * asked (offline), nothing external is offered, so a button never leads to a 404.
 */
import type { ApiReadPath } from '../../lib/api-fetch';
import type { AuthProviders } from '../../shared/schemas/account';

/** Where 'Sign in with Google' navigates: the server redirects to Google and back to this site. */
export const GOOGLE_SIGN_IN_PATH: ApiReadPath = '/api/auth/google/start';

export function showGoogleSignIn(providers: AuthProviders | null | undefined): boolean {
  return providers?.google === true;
}
