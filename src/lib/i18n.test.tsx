import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { readCatalogue } from '../../scripts/vite-icu-catalogues';
import { catalogueProblems } from '../../tests/setup/catalogue-check';
import type { WordsPart } from './i18n';
import { deviceLocale, LanguageProvider, loadLanguage, partOf, startingLocale, useLocale, useT } from './i18n';

function Probe() {
  const t = useT();
  return (
    <p lang={useLocale()}>
      {t('common.language.label')} · {t('common.language.switched', { language: 'Română' })}
    </p>
  );
}

describe("the browser's words", () => {
  it('are complete: the same messages in English and Romanian, none empty, each valid ICU with the same placeholders', () => {
    expect(catalogueProblems({ en: readCatalogue('en').catalogue, ro: readCatalogue('ro').catalogue })).toEqual([]);
  });

  it("come from the screen's language, each render with its own (as the server renders two languages at once)", async () => {
    const [romanian, english] = await Promise.all([loadLanguage('ro'), loadLanguage('en')]);
    const render = (runtime: typeof romanian) =>
      renderToStaticMarkup(
        <LanguageProvider initial={runtime}>
          <Probe />
        </LanguageProvider>,
      );
    expect(render(romanian)).toBe('<p lang="ro">Limba · Aplicația este acum în Română.</p>');
    expect(render(english)).toBe('<p lang="en">Language · The app is now in Română.</p>');
  });

  it('are refused outside a language, rather than shown as ids', () => {
    expect(() => renderToStaticMarkup(<Probe />)).toThrow(/outside a LanguageProvider/);
  });
});

describe('a part of the words loaded apart', () => {
  it('is fetched once while it loads, and fetched again after a failed load (no connection) instead of failing for good', async () => {
    const runtime = await loadLanguage('ro');
    let fetches = 0;
    const failFirst = async () => {
      fetches += 1;
      if (fetches === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: { 'pages.probe': 'Încărcat' } };
    };
    const loaders = { pages: { en: failFirst, ro: failFirst } } as unknown as Record<WordsPart, Record<'en' | 'ro', typeof failFirst>>;
    const first = partOf(runtime, 'pages', loaders);
    expect(partOf(runtime, 'pages', loaders)).toBe(first);
    await expect(first).rejects.toThrow(/Failed to fetch/);
    await partOf(runtime, 'pages', loaders);
    expect(fetches).toBe(2);
    expect(runtime._('pages.probe')).toBe('Încărcat');
    await partOf(runtime, 'pages', loaders);
    expect(fetches).toBe(2);
  });
});

describe('the language the app starts in', () => {
  const page = (lang: string, cookie = '') => ({ documentElement: { lang }, cookie }) as unknown as Document;

  it("is a server-rendered page's own language, whatever the device chose since (hydration draws the same words)", () => {
    expect(startingLocale(page('ro', 'lang=en'), ['en-GB'], true)).toBe('ro');
    expect(startingLocale(page('en'), ['ro-RO'], true)).toBe('en');
  });

  it("is otherwise the device's choice, then the browser's preference list, then English", () => {
    expect(startingLocale(page('en', 'theme=dark; lang=ro'), ['en-GB'], false)).toBe('ro');
    expect(startingLocale(page('en', 'lang=xx'), ['de-DE', 'ro-RO', 'en'], false)).toBe('ro');
    expect(startingLocale(page('en'), ['de-DE', 'fr'], false)).toBe('en');
  });

  it('reads the choice from the cookie header, ignoring other cookies and languages it does not speak', () => {
    expect(deviceLocale('a=1; lang=ro; b=2')).toBe('ro');
    expect(deviceLocale('language=ro; lang=de')).toBeNull();
    expect(deviceLocale('')).toBeNull();
  });
});
