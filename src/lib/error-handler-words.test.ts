import { beforeAll, describe, expect, it } from 'vitest';

import { readCatalogue } from '../../scripts/vite-icu-catalogues';
import type { Locale } from '../shared/i18n/locales';
import type { Bani } from '../shared/money';
import { ApiRequestError, NetworkError } from './api-fetch';
import type { ErrorWords } from './error-handler';
import { describeError, describeRefusal, errorMessageValues, FALLBACK_MESSAGE_IDS, FALLBACK_MESSAGES, handleError } from './error-handler';
import { loadLanguage } from './i18n';
import { everyWordOf } from '../../tests/fixtures/every-word';
import { notificationsAtom } from './notify';
import { appStore } from './store';

const words = {} as Record<Locale, ErrorWords>;
/** Before the refusals' words have arrived (they load once the app is drawn): the app's part alone. */
const beforeErrorWords = {} as Record<Locale, ErrorWords>;
beforeAll(async () => {
  for (const locale of ['en', 'ro'] as const) {
    const runtime = everyWordOf(locale);
    words[locale] = { t: (id, values) => runtime._(id, values), locale };
    const appPart = await loadLanguage(locale);
    beforeErrorWords[locale] = { t: (id, values) => appPart._(id, values), locale };
  }
});

const said = (locale: Locale, error: unknown) => describeError(error, words[locale]).message;

describe("the server's refusals in the screen's language (issue 23)", () => {
  it('are worded by code, with the parameters the server sends in details', () => {
    // api/menu-editor/service.ts deleteCategory: the name and the count, a plural in both languages.
    const notEmpty = (dishCount: number) => new ApiRequestError(409, 'category_not_empty', 'server words', { name: 'Ciorbe', dishCount });
    expect(said('en', notEmpty(1))).toBe('"Ciorbe" still has 1 dish. Move them to another category first, or delete them.');
    expect(said('en', notEmpty(2))).toBe('"Ciorbe" still has 2 dishes. Move them to another category first, or delete them.');
    expect(said('ro', notEmpty(1))).toBe('„Ciorbe” mai are 1 preparat. Mută-le mai întâi în altă categorie sau șterge-le.');
    expect(said('ro', notEmpty(2))).toBe('„Ciorbe” mai are 2 preparate. Mută-le mai întâi în altă categorie sau șterge-le.');
    expect(said('ro', notEmpty(20))).toBe('„Ciorbe” mai are 20 de preparate. Mută-le mai întâi în altă categorie sau șterge-le.');

    // api/orders/refunds.ts: the quantity and the dish, quoted as each language quotes.
    const exceeds = new ApiRequestError(409, 'refund_exceeds_line', 'server words', { orderItemId: 7, quantity: 2, itemName: 'Mici' });
    expect(said('en', exceeds)).toBe("No more than 2 of 'Mici' can be refunded.");
    expect(said('ro', exceeds)).toBe('Se pot rambursa cel mult 2 din „Mici”.');

    // api/routes/addresses.ts and api/menu-editor/import.ts: counts said with Romanian's "de".
    const tooMany = new ApiRequestError(409, 'too_many_addresses', 'server words', { max: 50 });
    expect(said('en', tooMany)).toBe('You can keep at most 50 addresses.');
    expect(said('ro', tooMany)).toBe('Poți păstra cel mult 50 de adrese.');
    const importInvalid = new ApiRequestError(400, 'import_invalid', 'server words', { errors: [], problemCount: 4 });
    expect(said('en', importInvalid)).toBe('Nothing was imported: 4 problems in the file.');
    expect(said('ro', importInvalid)).toBe('Nu s-a importat nimic: fișierul are 4 probleme.');
  });

  it('say the spec’s English where the server does, and Romanian in Romanian', () => {
    const wrong = new ApiRequestError(401, 'invalid_credentials', 'Please check your credentials and try again.');
    expect(said('en', wrong)).toBe('Please check your credentials and try again.');
    expect(said('ro', wrong)).toBe('Verifică e-mailul și parola și încearcă din nou.');
  });

  it("keep each site's own English where the wording depends on the site, and one Romanian wording", () => {
    const pickup = new ApiRequestError(404, 'location_not_found', 'This pickup location does not exist.');
    expect(said('en', pickup)).toBe('This pickup location does not exist.');
    expect(said('ro', pickup)).toBe('Această locație nu există.');
  });

  it('read by their status, never as an id, in the moment before their words have arrived', () => {
    const refused = new ApiRequestError(403, 'location_forbidden', 'You do not manage this location');
    expect(describeError(refused, beforeErrorWords.en).message).toBe('You do not manage this location');
    expect(describeError(refused, beforeErrorWords.ro).message).not.toContain('errors.');
    expect(describeError(refused, beforeErrorWords.ro).message).toBe(
      describeError(new ApiRequestError(403, 'http_error', ''), words.ro).message,
    );
  });

  it('fall back by status for a code this bundle does not know (English: the server’s words) and for a bare answer', () => {
    const newer = new ApiRequestError(403, 'some_future_code', 'A newer server says this.');
    expect(said('en', newer)).toBe('A newer server says this.');
    expect(said('ro', newer)).toBe('Nu ai permisiunea necesară pentru asta.');
    const bare = new ApiRequestError(500, 'http_error', 'Request failed with status 500: x');
    expect(said('en', bare)).toBe(FALLBACK_MESSAGES[500]);
    expect(said('ro', bare)).toBe('A apărut o eroare pe server.');
    expect(said('ro', 'not an error')).toBe('A apărut o eroare neașteptată.');
  });

  it('keep the spec’s French fallbacks as the English catalogue’s', () => {
    const english = readCatalogue('en').catalogue;
    for (const [status, id] of Object.entries(FALLBACK_MESSAGE_IDS))
      expect(english[id]).toBe(FALLBACK_MESSAGES[status as keyof typeof FALLBACK_MESSAGES]);
  });

  it('say a request that got no answer in the screen’s language', () => {
    const offline = new NetworkError(new TypeError('x'));
    expect(said('en', offline)).toBe('Check your connection and try again.');
    expect(said('ro', offline)).toBe('Verifică-ți conexiunea și încearcă din nou.');
  });

  it('say amounts in bani as lei in the screen’s language, and take only plain values', () => {
    const details = { minimumOrderBani: 6400 as Bani, subtotalBani: 1250 as Bani, lines: [1, 2], note: 'x', at: null };
    expect(errorMessageValues(details, 'ro')).toEqual({ minimumOrderBani: '64,00 lei', subtotalBani: '12,50 lei', note: 'x' });
    expect(errorMessageValues(details, 'en').minimumOrderBani).not.toBe('64,00 lei');
    expect(errorMessageValues([{ path: 'photo' }], 'ro')).toEqual({});
  });

  it("toast under the screen's title for errors", () => {
    handleError(new ApiRequestError(401, 'unauthenticated', 'Please sign in.'), undefined, words.ro);
    expect(appStore.get(notificationsAtom)[0]).toEqual(
      expect.objectContaining({ type: 'error', title: 'Eroare', message: 'Intră în cont.' }),
    );
  });
});

describe("an outbox entry's stored refusal, worded when it is shown (issue 23)", () => {
  const stored = {
    lastError: 'Some items are no longer available.',
    lastErrorCode: 'item_unavailable',
    lastErrorDetails: [{ menuItemId: 3, name: 'Mici' }],
  };

  it('reads in the language of the screen showing it, whatever language it was stored in', () => {
    expect(describeRefusal(stored, words.ro)).toBe(words.ro.t('errors.item_unavailable'));
    expect(describeRefusal(stored, words.ro)).not.toBe(stored.lastError);
    // The parameters stored with it fill its words, a plural in Romanian's three forms.
    const invalid = {
      lastError: 'Nothing was imported: the file has 20 problems.',
      lastErrorCode: 'import_invalid',
      lastErrorDetails: { problemCount: 20 },
    };
    expect(describeRefusal(invalid, words.ro)).toBe('Nu s-a importat nimic: fișierul are 20 de probleme.');
  });

  it('keeps the stored text in English, and outside any screen', () => {
    expect(describeRefusal(stored, words.en)).toBe(stored.lastError);
    expect(describeRefusal(stored)).toBe(stored.lastError);
    expect(describeRefusal({ lastError: 'server answered 503', lastErrorCode: null }, words.en)).toBe('server answered 503');
  });

  it('says why a write still waits as a connection problem, an answer without our body by its fallback, and nothing when nothing was stored', () => {
    expect(describeRefusal({ lastError: 'Failed to fetch', lastErrorCode: null }, words.ro)).toBe(
      words.ro.t('common.error.client.network'),
    );
    expect(describeRefusal({ lastError: 'Request failed with status 418', lastErrorCode: 'rejected' }, words.ro)).toBe(
      words.ro.t(FALLBACK_MESSAGE_IDS.unknown),
    );
    expect(describeRefusal({ lastError: null, lastErrorCode: null }, words.ro)).toBeNull();
  });
});
