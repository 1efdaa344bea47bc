import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import en from '../locales/en.json';
import ro from '../locales/ro.json';
import { catalogueProblems } from '../../tests/setup/catalogue-check';
import { LanguageProvider, loadLanguage, useLocale, useT } from './i18n';

function Probe() {
  const t = useT();
  return (
    <p lang={useLocale()}>
      {t('language.label')} · {t('language.switched', { language: 'Română' })}
    </p>
  );
}

describe("the browser's words", () => {
  it('are complete: the same messages in English and Romanian, none empty, each valid ICU with the same placeholders', () => {
    expect(catalogueProblems({ en, ro })).toEqual([]);
  });

  it("come from the screen's language, each render with its own (as the server renders two languages at once)", async () => {
    const [romanian, english] = await Promise.all([loadLanguage('ro'), loadLanguage('en')]);
    const render = (runtime: typeof romanian) =>
      renderToStaticMarkup(
        <LanguageProvider value={runtime}>
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
