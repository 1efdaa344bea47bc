// @vitest-environment happy-dom
/**
 * The menu editor in Romanian (issue 23): the dish dialog labels the Romanian name and description
 * as the dish's main text and the English as optional, its problems are said in Romanian; the lists
 * count dishes with Romanian plurals ("20 de preparate") and write lei as Romanian does ("64,00 lei");
 * a conflict compares prices in Romanian. In English the fields keep their names exactly ("Name"),
 * which the e2e specs find them by.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { inLanguage } from '../../../../tests/fixtures/language';
import { editorCategory, editorDish } from '../../../../tests/setup/editor-fixtures';
import { useWords } from '../../../lib/i18n';
import type { Locale } from '../../../shared/i18n/locales';
import type { EditorCatalogue, EditorDish, EditorGroup } from '../../../shared/schemas/menu-editor';
import type { MenuWrites } from '../hooks/use-menu-writes';
import { ConflictDialog } from './conflict-dialog';
import { DishDialog } from './dish-dialog';
import { DishesView } from './dishes-view';
import { GroupsView } from './groups-view';

const dish = (over: Partial<EditorDish>): EditorDish => editorDish({ name: 'Ceafă de porc', priceBani: 6400, ...over });

const sauce: EditorGroup = {
  id: 3,
  name: 'Sos',
  description: null,
  nameEn: 'Sauce',
  descriptionEn: null,
  isRequired: true,
  minSelections: 1,
  maxSelections: 2,
  options: [
    { id: 31, name: 'Usturoi', nameEn: 'Garlic', priceBani: 0, isDefault: true, soldOut: false, allergens: [] },
    { id: 32, name: 'Maioneză', nameEn: null, priceBani: 250, isDefault: false, soldOut: false, allergens: ['eggs'] },
  ],
  revision: 1,
  dishCount: 21,
};

// Twenty dishes in the grill: the count takes Romanian's "de" (20 de preparate).
const grillDishIds = Array.from({ length: 20 }, (_, index) => index + 1);
const catalogue: EditorCatalogue = {
  source: 'embedded',
  menuVersion: 'v1',
  categories: [editorCategory({ nameEn: 'Grill', dishIds: grillDishIds })],
  dishes: [
    dish({ id: 1 }),
    dish({ id: 2, name: 'Mici', priceBani: 450, soldOut: true }),
    ...grillDishIds.slice(2).map((id) => dish({ id, name: `Fel ${id}` })),
  ],
  groups: [sauce],
};

/** An element's accessible description: the texts its aria-describedby names, in order. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

function fakeWrites(): MenuWrites {
  return { send: vi.fn(async () => ({ kind: 'saved' as const, body: null })), queued: 0, conflict: null, closeConflict: vi.fn() };
}

/** The manager area's words, as the editor loads them (MenuEditor); its parts are rendered alone here. */
function ManagerWords({ children }: { children: ReactNode }) {
  useWords('manager');
  return children;
}

async function renderIn(locale: Locale, ui: ReactNode) {
  const Language = await inLanguage(locale);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The words load while the screen is suspended: act waits for them.
  await act(async () => {
    render(ui, {
      wrapper: ({ children }) => (
        <QueryClientProvider client={queryClient}>
          <Language>
            <Suspense fallback={null}>
              <ManagerWords>{children}</ManagerWords>
            </Suspense>
          </Language>
        </QueryClientProvider>
      ),
    });
  });
}

describe('the menu editor in Romanian', () => {
  it('the dish dialog: Romanian name and description are the main text, the English optional; problems in Romanian', async () => {
    const writes = fakeWrites();
    await renderIn('ro', <DishDialog catalogue={catalogue} dish={null} categoryId={1} writes={writes} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Preparat nou' });

    const name = within(dialog).getByRole('textbox', { name: 'Denumire' });
    expect(description(name)).toBe('în română · textul principal');
    expect(description(within(dialog).getByRole('textbox', { name: 'Descriere' }))).toBe('în română · textul principal');
    const english = within(dialog).getByRole('group', { name: 'În engleză (opțional)' });
    expect(within(english).getByRole('textbox', { name: 'Denumire în engleză' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Muștar' })).toBeTruthy();
    expect(within(dialog).getByRole('option', { name: 'Bucată (Buc)' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Sos' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Creează preparatul' }));
    expect(description(name)).toBe('în română · textul principal Scrie o denumire');
    expect(within(dialog).getByText('Scrie prețul în lei, de ex. 24,50')).toBeTruthy();
    expect(writes.send).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Ciorbă de burtă' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Preț (lei)' }), { target: { value: '18,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Creează preparatul' }));
    expect(writes.send).toHaveBeenCalledWith(
      expect.objectContaining({
        label: 'Preparat nou „Ciorbă de burtă”',
        method: 'POST',
        body: expect.objectContaining({ priceBani: 1850 }),
      }),
      { savedMessage: '„Ciorbă de burtă” a fost adăugat în meniu' },
    );
  });

  it('an existing dish shows its price as Romanians write it', async () => {
    await renderIn(
      'ro',
      <DishDialog catalogue={catalogue} dish={catalogue.dishes[0]!} categoryId={1} writes={fakeWrites()} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Modifică Ceafă de porc' });
    expect((within(dialog).getByRole('textbox', { name: 'Preț (lei)' }) as HTMLInputElement).value).toBe('64,00');
  });

  it('the lists: a plural with "de" and amounts in lei as Romanian writes them', async () => {
    await renderIn('ro', <DishesView catalogue={catalogue} writes={fakeWrites()} />);
    const categories = await screen.findByRole('list', { name: 'Categorii' });
    expect(within(categories).getByRole('button', { name: /^Grătar/ }).textContent).toContain('Grătar20 de preparate');
    const dishes = screen.getByRole('list', { name: 'Preparate în Grătar' });
    const mici = within(dishes).getAllByRole('listitem')[1]!;
    expect(mici.textContent).toContain('4,50 lei');
    expect(mici.textContent).toContain('Epuizat');
    expect(within(mici).getByRole('button', { name: 'Modifică Mici' })).toBeTruthy();
    expect(within(dishes).getAllByRole('listitem')[0]!.textContent).toContain('64,00 lei');
  });

  it('the option groups: rules, how many dishes offer it and the options priced in Romanian', async () => {
    await renderIn('ro', <GroupsView catalogue={catalogue} writes={fakeWrites()} />);
    const group = within(await screen.findByRole('list', { name: 'Grupuri de opțiuni' })).getByRole('listitem');
    expect(group.textContent).toContain('Obligatoriu, se aleg 1–2 · oferit la 21 de preparate');
    expect(group.textContent).toContain('Usturoi (Gratuit), Maioneză (+2,50 lei)');
  });

  it('a conflict compares the two prices in Romanian', async () => {
    const conflict = {
      write: { label: 'Preparatul „Mici”', method: 'PATCH' as const, path: '/dishes/2', body: { priceBani: 3000, baseRevision: 1 } },
      subject: 'Preparatul „Mici”',
      details: { entity: 'dish' as const, current: dish({ id: 2, name: 'Mici', priceBani: 2500, revision: 2 }) },
    };
    await renderIn('ro', <ConflictDialog conflict={conflict} onClose={() => {}} onApplyMine={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Altcineva a modificat între timp' });
    expect(within(dialog).getByRole('row', { name: /Preț/ }).textContent).toContain('Preț30,00 lei25,00 lei');
    expect(within(dialog).getByRole('button', { name: 'Aplică din nou versiunea mea' })).toBeTruthy();
  });
});

describe('the menu editor in English', () => {
  it("keeps the fields' names as they were; the Romanian note describes them, it does not rename them", async () => {
    await renderIn(
      'en',
      <DishDialog catalogue={catalogue} dish={catalogue.dishes[0]!} categoryId={1} writes={fakeWrites()} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ceafă de porc' });
    expect(description(within(dialog).getByLabelText('Name', { exact: true }))).toBe('in Romanian · the main text');
    expect(description(within(dialog).getByLabelText('Description', { exact: true }))).toBe('in Romanian · the main text');
    expect(within(dialog).getByRole('group', { name: 'In English (optional)' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Price (lei)') as HTMLInputElement).value).toBe('64.00');
  });
});
