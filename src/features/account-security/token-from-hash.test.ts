import { describe, expect, it, vi } from 'vitest';

import { takeTokenFromLocation, tokenFromHash } from './token-from-hash';

const TOKEN = 'a'.repeat(40) + '_-9';

describe('tokenFromHash', () => {
  it('reads a well-formed token from the fragment', () => {
    expect(tokenFromHash(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash(`token=${TOKEN}`)).toBe(TOKEN);
  });

  it('refuses anything else', () => {
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=short')).toBeNull();
    expect(tokenFromHash(`#token=${TOKEN}x`)).toBeNull();
    expect(tokenFromHash(`#other=${TOKEN}`)).toBeNull();
    expect(tokenFromHash('#token=' + '%'.repeat(43))).toBeNull();
  });
});

describe('takeTokenFromLocation', () => {
  it('returns the token and drops the fragment from the history entry', () => {
    const replaceState = vi.fn();
    const token = takeTokenFromLocation(
      { hash: `#token=${TOKEN}`, pathname: '/reset-password', search: '' } as Location,
      { state: { key: 1 }, replaceState } as unknown as History,
    );
    expect(token).toBe(TOKEN);
    expect(replaceState).toHaveBeenCalledWith({ key: 1 }, '', '/reset-password');
  });
});
