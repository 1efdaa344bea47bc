import { describe, expect, it } from 'vitest';

import { readCatalogue } from '../../scripts/vite-icu-catalogues';
import { scanServerErrors } from '../../tests/setup/server-error-codes';
import { ENGLISH_WORDED_BY_SITE } from './error-handler';

const scan = scanServerErrors(process.cwd());
const english = readCatalogue('en').catalogue;
const codes = new Set(scan.sites.map((site) => site.code));

describe("the server's error codes, worded by the client (issue 23)", () => {
  it('are all read from the server (a site building its code another way must be taught to the scan)', () => {
    expect(scan.unread).toEqual([]);
    // The scan sees the sites: the codes of the middleware, the helpers and the routes.
    for (const code of [
      'invalid_input',
      'internal',
      'slot_full',
      'too_many_open_orders',
      'dish_not_found',
      'geocoder_timeout',
      'not_an_image',
    ])
      expect(codes).toContain(code);
  });

  it('each have their words in the catalogue (errors.<code>)', () => {
    expect([...codes].filter((code) => !(`errors.${code}` in english)).sort()).toEqual([]);
  });

  it("say in English exactly what the server says, or show the server's own words where they depend on the site", () => {
    const messages = new Map<string, Set<string>>();
    for (const site of scan.sites)
      if (site.message !== null) messages.set(site.code, (messages.get(site.code) ?? new Set()).add(site.message));
    const differing = [...messages]
      .filter(([code, said]) => !ENGLISH_WORDED_BY_SITE.has(code) && [...said].some((message) => message !== english[`errors.${code}`]))
      .map(([code, said]) => `${code}: ${[...said].join(' | ')} ≠ ${english[`errors.${code}`]}`);
    expect(differing).toEqual([]);
  });

  it('list as worded by the site only codes the server has', () => {
    expect([...ENGLISH_WORDED_BY_SITE].filter((code) => !codes.has(code))).toEqual([]);
  });
});
