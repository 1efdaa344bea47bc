import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';

import { requestLocale } from './request-locale';

const app = new Hono().get('/', (c) => c.text(requestLocale(c)));
const localeOf = async (headers: Record<string, string>) => (await app.request('/', { headers })).text();

describe('the language a request asks for', () => {
  it("is the device's choice first, whatever the browser prefers", async () => {
    expect(await localeOf({ cookie: 'lang=ro', 'accept-language': 'en-GB,en;q=0.9' })).toBe('ro');
    expect(await localeOf({ cookie: 'lang=en', 'accept-language': 'ro-RO' })).toBe('en');
  });

  it("is else the browser's first preference the product speaks", async () => {
    expect(await localeOf({ 'accept-language': 'ro-RO,ro;q=0.9,en-US;q=0.8' })).toBe('ro');
    expect(await localeOf({ 'accept-language': 'hu-HU,ro;q=0.8,en;q=0.5' })).toBe('ro');
    expect(await localeOf({ 'accept-language': 'en-US,ro;q=0.5' })).toBe('en');
  });

  it('is English when neither says, or says something the product does not speak', async () => {
    expect(await localeOf({})).toBe('en');
    expect(await localeOf({ cookie: 'lang=fr', 'accept-language': 'de-DE' })).toBe('en');
  });
});
