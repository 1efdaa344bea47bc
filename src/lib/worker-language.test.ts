import { describe, expect, it } from 'vitest';

import type { CookieReader } from './worker-language';
import { deviceLanguageInWorker, keptPageKey, pageInLanguage } from './worker-language';

const cookies = (values: Record<string, string>): CookieReader => ({
  get: async (name) => (name in values ? { value: values[name]! } : null),
});

describe("the service worker's reading of the device's language", () => {
  it('is the `lang` cookie when the device chose', async () => {
    expect(await deviceLanguageInWorker(cookies({ lang: 'en' }), ['ro-RO'])).toBe('en');
    expect(await deviceLanguageInWorker(cookies({ theme: 'dark', lang: 'ro' }), ['en-GB'])).toBe('ro');
  });

  it("is the browser's preference list otherwise (the server's Accept-Language), then English", async () => {
    expect(await deviceLanguageInWorker(cookies({ lang: 'de' }), ['de-DE', 'ro'])).toBe('ro');
    expect(await deviceLanguageInWorker(cookies({}), ['fr-FR'])).toBe('en');
    // A browser without the Cookie Store API in its workers, or one whose read fails.
    expect(await deviceLanguageInWorker(undefined, ['ro-RO'])).toBe('ro');
    expect(await deviceLanguageInWorker({ get: () => Promise.reject(new Error('denied')) }, ['ro-RO'])).toBe('ro');
  });
});

describe('the pages the worker keeps and answers', () => {
  it('are kept apart by language, whatever the URL carries', () => {
    expect(keptPageKey('https://casa.test/menu', 'ro')).toBe('https://casa.test/menu?__lang=ro');
    expect(keptPageKey('https://casa.test/menu?category=grill', 'en')).toBe('https://casa.test/menu?category=grill&__lang=en');
    expect(keptPageKey('https://casa.test/', 'ro')).not.toBe(keptPageKey('https://casa.test/', 'en'));
  });

  it('are answered with <html lang> of the choice; anything not a page passes as it is', async () => {
    const shell = new Response('<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>', {
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '88' },
    });
    const answered = await pageInLanguage(shell, 'ro');
    expect(await answered.text()).toBe('<!doctype html><html lang="ro"><head></head><body><div id="root"></div></body></html>');
    expect(answered.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answered.headers.get('content-length')).toBeNull();
    const missing = new Response('gone', { status: 404 });
    expect(await pageInLanguage(missing, 'ro')).toBe(missing);
    const json = new Response('{}', { headers: { 'content-type': 'application/json' } });
    expect(await pageInLanguage(json, 'ro')).toBe(json);
  });
});
