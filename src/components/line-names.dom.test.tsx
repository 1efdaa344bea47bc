// @vitest-environment happy-dom
/**
 * A customer's lines named in the screen's language (docs/decisions/0172): by their ids in the menu
 * this device kept, in English on an English screen where one was written; the Romanian the line
 * carries otherwise (no English, a dish or option the menu no longer has, no menu kept yet). The
 * queued order's card names its lines the same way.
 */
import 'fake-indexeddb/auto';

import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { OutboxRow } from '../db/app-db';
import { db } from '../db/db';
import type { Locale } from '../shared/i18n/locales';
import { inLanguage } from '../../tests/fixtures/language';
import { afterTheDeviceAnswers, keepMenuOnDevice, MAMALIGA, MICI, MUSTAR } from '../../tests/fixtures/menu-in-two-languages';
import { outboxRowFixture } from '../../tests/fixtures/outbox-row';
import { useLineNames } from './line-names';
import { QueuedOrderLines } from './queued-order';

afterEach(async () => {
  await db.menuSnapshot.clear();
});

/** Lines as an order stores them: the Romanian names, with the ids. */
const LINES = [
  { menuItemId: MICI.id, name: MICI.name, options: [{ modifierId: MUSTAR.id, name: MUSTAR.name }] },
  { menuItemId: MAMALIGA.id, name: MAMALIGA.name, options: [] },
  // Gone from the menu since it was ordered: the dish and its option.
  { menuItemId: 99, name: 'Ciorbă de fasole', options: [{ modifierId: 98, name: 'Ardei iute' }] },
];

function Probe() {
  const names = useLineNames();
  return (
    <ul>
      {LINES.map((line) => (
        <li key={line.menuItemId}>{[names.dish(line), ...line.options.map(names.option)].join(' + ')}</li>
      ))}
    </ul>
  );
}

async function linesIn(locale: Locale): Promise<string[]> {
  render(<Probe />, { wrapper: await inLanguage(locale) });
  await afterTheDeviceAnswers();
  return screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
}

describe('lines named in the screen’s language', () => {
  it('names dishes and options in English where the kept menu has it, the stored Romanian otherwise', async () => {
    await keepMenuOnDevice();
    render(<Probe />, { wrapper: await inLanguage('en') });
    expect(await screen.findByText(`${MICI.nameEn} + ${MUSTAR.nameEn}`)).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mici (grilled skinless sausages) + Mustard',
      'Mămăligă',
      'Ciorbă de fasole + Ardei iute',
    ]);
  });

  it('names them in Romanian on a Romanian screen', async () => {
    await keepMenuOnDevice();
    expect(await linesIn('ro')).toEqual(['Mici + Muștar', 'Mămăligă', 'Ciorbă de fasole + Ardei iute']);
  });

  it('names them as stored while this device has kept no menu', async () => {
    expect(await linesIn('en')).toEqual(['Mici + Muștar', 'Mămăligă', 'Ciorbă de fasole + Ardei iute']);
  });
});

describe('a queued order’s card', () => {
  const queued = (lines: NonNullable<OutboxRow['preview']>['lines']): OutboxRow => ({
    ...outboxRowFixture('order.create'),
    status: 'pending',
    preview: { lines, subtotalBani: 5_000, deliveryFeeBani: 0, totalBani: 5_000, fulfilment: 'pickup' },
  });

  it('names its lines in English, with the per-kg portion in the screen’s way', async () => {
    await keepMenuOnDevice();
    const entry = queued([
      {
        menuItemId: MICI.id,
        name: MICI.name,
        modifiers: [MUSTAR.name],
        modifierIds: [MUSTAR.id],
        weightGrams: 1_250,
        quantity: 2,
        unitPriceBani: 2_000,
        lineTotalBani: 4_000,
      },
      { menuItemId: MAMALIGA.id, name: MAMALIGA.name, modifiers: [], quantity: 1, unitPriceBani: 1_000, lineTotalBani: 1_000 },
    ]);
    render(<QueuedOrderLines entry={entry} />, { wrapper: await inLanguage('en') });
    const items = await screen.findByRole('list', { name: 'Items' });
    expect(await screen.findByText(/Mici \(grilled skinless sausages\)/)).toBeTruthy();
    expect(items.textContent).toContain('2 × Mici (grilled skinless sausages) · 1.25 kg (Mustard)');
    expect(items.textContent).toContain('1 × Mămăligă');
  });

  it('keeps the stored option names of a card stored before the options had ids', async () => {
    await keepMenuOnDevice();
    const entry = queued([
      { menuItemId: MICI.id, name: MICI.name, modifiers: [MUSTAR.name], quantity: 1, unitPriceBani: 2_000, lineTotalBani: 2_000 },
    ]);
    render(<QueuedOrderLines entry={entry} />, { wrapper: await inLanguage('en') });
    expect(await screen.findByText(/Mici \(grilled skinless sausages\)/)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Items' }).textContent).toContain('1 × Mici (grilled skinless sausages) (Muștar)');
  });
});
