import { describe, expect, it } from 'vitest';

import { authProvidersSchema } from '../../shared/schemas/account';
import { GOOGLE_SIGN_IN_PATH, showGoogleSignIn } from './sign-in-providers';

describe("'Sign in with Google' visibility", () => {
  it('shows when the server says Google is configured', () => {
    expect(showGoogleSignIn(authProvidersSchema.parse({ google: true }))).toBe(true);
  });

  it('hides when it is not configured, not known yet, or the question failed', () => {
    expect(showGoogleSignIn(authProvidersSchema.parse({ google: false }))).toBe(false);
    expect(showGoogleSignIn(undefined)).toBe(false);
    expect(showGoogleSignIn(null)).toBe(false);
  });

  it('starts at the server route, never at Google directly', () => {
    expect(GOOGLE_SIGN_IN_PATH).toBe('/api/auth/google/start');
  });
});
