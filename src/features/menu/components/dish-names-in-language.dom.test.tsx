// @vitest-environment happy-dom
/**
 * The menu's own words follow the screen's language (issue 23, docs/decisions/0171-menu-content-follows-the-screen.md):
 * the dish card and the dish dialog name the dish, its description, its option groups and options in
 * English on an English screen (the Romanian where no English was written) and in Romanian on a
 * Romanian one, and they change with the language switch. What the cart keeps stays the Romanian the
 * kitchen reads.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { serverClockKeys } from '../../../entities/restaurant/api/server-clock';
import { useSwitchLanguage } from '../../../lib/i18n';
import type { CartAddition } from '../../../shared/domain/cart';
import type { Locale } from '../../../shared/i18n/locales';
import type { ModifierGroup } from '../../../shared/schemas/menu';
import { inLanguage } from '../../../../tests/fixtures/language';
import { menuItem } from '../../../../tests/setup/menu-fixtures';
import { ItemDialog } from './item-dialog';
import { MenuItemCard } from './menu-item-card';

afterEach(() => {
  cleanup();
  // The switch sets the page's language (a later test starts in its own).
  document.documentElement.lang = 'en';
});

const sauce: ModifierGroup = {
  id: 7,
  name: 'Sos la alegere',
  nameEn: 'Sauce of your choice',
  description: 'Unul singur, inclus în preț',
  descriptionEn: 'Just one, included in the price',
  isRequired: true,
  minSelections: 1,
  maxSelections: 1,
  allowMultiple: false,
  sortOrder: 1,
  options: [
    {
      id: 71,
      name: 'Muștar',
      nameEn: 'Mustard',
      sku: 'SOS-MUSTAR',
      priceBani: 0,
      isDefault: false,
      soldOut: false,
      sortOrder: 1,
      allergens: [],
    },
    // No English written: the Romanian in both languages.
    { id: 72, name: 'Mujdei', sku: 'SOS-MUJDEI', priceBani: 0, isDefault: false, soldOut: false, sortOrder: 2, allergens: [] },
  ],
};

const porkNeck = menuItem({
  id: 3,
  name: 'Ceafă de porc',
  nameEn: 'Grilled pork neck',
  sku: 'CEAFA',
  description: 'Ceafă de porc fragedă, marinată 24 de ore.',
  descriptionEn: 'Tender pork neck, marinated for 24 hours.',
  modifierGroups: [sauce],
});

/** A dish the restaurant wrote no English for. */
const papanasi = menuItem({ id: 4, name: 'Papanași', sku: 'PAPANASI', description: 'Cu smântână și dulceață.' });

/** The app's providers: the language, and a query cache whose server clock is already measured (no network). */
async function renderIn(locale: Locale, ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(serverClockKeys.all, { offsetMs: 0 });
  const Language = await inLanguage(locale);
  return render(
    <QueryClientProvider client={client}>
      <Language>{ui}</Language>
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('article')!;

/** Switches the screen's language as the language switch does. */
function SwitchTo({ locale }: { locale: Locale }) {
  const switchLanguage = useSwitchLanguage();
  return (
    <button type="button" onClick={() => void switchLanguage(locale)}>
      switch
    </button>
  );
}

describe('the dish card in the screen’s language (DOM)', () => {
  it('English: the English name, description and button label, the Romanian where none was written', async () => {
    await renderIn(
      'en',
      <>
        <MenuItemCard item={porkNeck} quantityInCart={0} onOpen={() => undefined} />
        <MenuItemCard item={papanasi} quantityInCart={0} onOpen={() => undefined} />
      </>,
    );
    expect(within(card('Grilled pork neck')).getByText('Tender pork neck, marinated for 24 hours.')).toBeTruthy();
    expect(within(card('Grilled pork neck')).getByRole('button', { name: 'Custom Grilled pork neck' })).toBeTruthy();
    expect(screen.queryByText('Ceafă de porc')).toBeNull();
    expect(within(card('Papanași')).getByText('Cu smântână și dulceață.')).toBeTruthy();
    expect(within(card('Papanași')).getByRole('button', { name: 'Add Papanași' })).toBeTruthy();
  });

  it('Romanian: the Romanian name and description', async () => {
    await renderIn('ro', <MenuItemCard item={porkNeck} quantityInCart={0} onOpen={() => undefined} />);
    expect(within(card('Ceafă de porc')).getByText('Ceafă de porc fragedă, marinată 24 de ore.')).toBeTruthy();
    expect(screen.queryByText(/Grilled pork neck|Tender pork neck/)).toBeNull();
  });

  it('the language switch renames the card (a memoised card follows the language too)', async () => {
    await renderIn(
      'en',
      <>
        <SwitchTo locale="ro" />
        <MenuItemCard item={porkNeck} quantityInCart={0} onOpen={() => undefined} />
      </>,
    );
    expect(card('Grilled pork neck')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Ceafă de porc' })).toBeTruthy();
    expect(within(card('Ceafă de porc')).getByText('Ceafă de porc fragedă, marinată 24 de ore.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Grilled pork neck' })).toBeNull();
  });
});

describe('the dish dialog in the screen’s language (DOM)', () => {
  it('English: the title, description, group and options in English; the cart gets the Romanian names', async () => {
    const onAdd = vi.fn<(addition: CartAddition) => void>();
    await renderIn('en', <ItemDialog item={porkNeck} onClose={() => undefined} onAdd={onAdd} />);
    const dialog = screen.getByRole('dialog', { name: 'Grilled pork neck' });
    expect(within(dialog).getByText('Tender pork neck, marinated for 24 hours.')).toBeTruthy();
    const group = within(dialog).getByRole('group', { name: /Sauce of your choice/ });
    expect(within(group).getByText('Just one, included in the price')).toBeTruthy();
    expect(within(group).getByLabelText(/Mustard/)).toBeTruthy();
    expect(within(group).getByLabelText(/Mujdei/)).toBeTruthy();
    expect(within(dialog).queryByText(/Ceafă|Muștar|Sos la alegere|inclus în preț/)).toBeNull();

    fireEvent.click(within(group).getByLabelText(/Mustard/));
    fireEvent.click(within(dialog).getByRole('button', { name: /Add to Cart/ }));
    // Order lines, tickets and the kitchen key on the restaurant's Romanian (docs/decisions/0163).
    expect(onAdd).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Ceafă de porc', selectedModifiers: [expect.objectContaining({ name: 'Muștar' })] }),
    );
  });

  it('Romanian: the title, description, group and options in Romanian', async () => {
    await renderIn('ro', <ItemDialog item={porkNeck} onClose={() => undefined} onAdd={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Ceafă de porc' });
    expect(within(dialog).getByText('Ceafă de porc fragedă, marinată 24 de ore.')).toBeTruthy();
    const group = within(dialog).getByRole('group', { name: /Sos la alegere/ });
    expect(within(group).getByText('Unul singur, inclus în preț')).toBeTruthy();
    expect(within(group).getByLabelText(/Muștar/)).toBeTruthy();
    expect(within(dialog).queryByText(/Grilled|Mustard|Sauce of your choice|included in the price/)).toBeNull();
  });
});
