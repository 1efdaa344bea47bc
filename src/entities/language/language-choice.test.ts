import { describe, expect, it } from 'vitest';

import { deviceLocale } from '../../lib/i18n';
import { LANGUAGE_COOKIE_MAX_AGE_SECONDS, languageCookie, languageToFollow } from './language-choice';

describe("the device's choice", () => {
  it('is the `lang` cookie, kept a year on every path, sent with top-level navigations; Secure over https', () => {
    expect(languageCookie('ro', false)).toBe('lang=ro; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(languageCookie('en', true)).toBe('lang=en; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
    expect(LANGUAGE_COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 3600);
  });

  it('is what the app reads when it starts (the cookie header the browser then sends holds the pair)', () => {
    const pair = languageCookie('ro', false).split(';')[0]!;
    expect(deviceLocale(`theme=dark; ${pair}`)).toBe('ro');
  });
});

describe("a signed-in person's screen", () => {
  it("follows the account's language when it differs from the screen's", () => {
    expect(languageToFollow('ro', null, 'en')).toBe('ro');
    expect(languageToFollow('en', null, 'ro')).toBe('en');
  });

  it('stays as it is when it is already in it, or when the account never chose', () => {
    expect(languageToFollow('ro', null, 'ro')).toBeNull();
    expect(languageToFollow(null, null, 'ro')).toBeNull();
    expect(languageToFollow(null, null, 'en')).toBeNull();
  });

  it("follows this device's choice still on its way to the account, newer than the server's", () => {
    // Chosen Romanian offline; the session copy still says English.
    expect(languageToFollow('en', 'ro', 'ro')).toBeNull();
    expect(languageToFollow('en', 'ro', 'en')).toBe('ro');
    expect(languageToFollow(null, 'en', 'ro')).toBe('en');
  });
});
