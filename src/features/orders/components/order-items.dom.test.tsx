// @vitest-environment happy-dom
/**
 * An order's lines (its confirmation and details) name the dishes and options in the screen's
 * language, as the cart does (docs/decisions/0172): the order keeps the Romanian.
 */
import 'fake-indexeddb/auto';

import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { db } from '../../../db/db';
import { inLanguage } from '../../../../tests/fixtures/language';
import { afterTheDeviceAnswers, keepMenuOnDevice, MICI, MUSTAR } from '../../../../tests/fixtures/menu-in-two-languages';
import { makeItem } from '../../../../tests/fixtures/orders';
import { OrderItems } from './order-items';

afterEach(async () => {
  await db.menuSnapshot.clear();
});

const ITEMS = [
  makeItem({
    menuItemId: MICI.id,
    itemName: MICI.name,
    quantity: 8,
    selectedModifiers: [{ modifierId: MUSTAR.id, name: MUSTAR.name, sku: 'MUSTAR', priceBani: 0 }],
    itemTotalBani: 4400,
  }),
];

describe('the lines of an order (DOM)', () => {
  it('names the dish and its option in English on an English screen', async () => {
    await keepMenuOnDevice();
    render(<OrderItems items={ITEMS} />, { wrapper: await inLanguage('en') });
    expect(await screen.findByText(MICI.nameEn)).toBeTruthy();
    const lines = screen.getByRole('list', { name: 'Items in this order' });
    expect(lines.textContent).toContain('Mustard');
    expect(lines.textContent).not.toContain(MUSTAR.name);
    expect(lines.textContent).toContain('44.00 lei');
  });

  it('names them in Romanian on a Romanian screen', async () => {
    await keepMenuOnDevice();
    render(<OrderItems items={ITEMS} />, { wrapper: await inLanguage('ro') });
    await afterTheDeviceAnswers();
    expect(screen.getByText(MICI.name)).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toContain(MUSTAR.name);
    expect(screen.getByRole('listitem').textContent).toContain('44,00 lei');
  });
});
