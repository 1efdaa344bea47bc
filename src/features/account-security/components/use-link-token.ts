/**
 * The token of the e-mail link the page was opened from (../token-from-hash.ts). Read while rendering,
 * dropped from the address bar once the page is shown: a render React throws away and repeats (the
 * screen waits for its words, or another part of the page suspends) must still find it.
 */
import { useEffect, useState } from 'react';

import { dropFragment, tokenFromHash } from '../token-from-hash';

export function useLinkToken(): string | null {
  const [token] = useState(() => tokenFromHash(window.location.hash));
  useEffect(() => dropFragment(window.location, window.history), []);
  return token;
}
