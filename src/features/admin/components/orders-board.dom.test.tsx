// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { inLanguage } from '../../../../tests/fixtures/language';
import { makeOrder } from '../../../../tests/fixtures/orders';
import type { Order } from '../../../shared/schemas/order';
import { OrdersBoard } from './orders-board';

const NOW = '2026-11-22T12:05:00.000Z';

/** A new cash order with no lines (the card's total is what the test reads). */
const order = (orderNumber: string, totalBani: number): Order =>
  makeOrder({ id: totalBani, orderNumber, subtotalBani: totalBani, totalBani, orderItems: [], deliveryAddress: null });

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let orders: Order[] = [];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = String(input);
      if (url.includes('/api/admin/board')) return json({ orders, pos: 'kitchen-board', serverNow: NOW });
      if (url.includes('/api/admin/reports/today'))
        return json({
          date: '2026-11-22',
          orders: orders.length,
          cancelled: 0,
          cardRevenueBani: 0,
          cashRevenueBani: 1234550,
          prep: { averageActualMinutes: null, averagePromisedMinutes: null, lateOrders: 0, timedOrders: 0 },
        });
      // The server clock: the board then estimates the server's time from the board answer's serverNow.
      return json({ error: { status: 503, code: 'unavailable', message: 'not here' } }, 503);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderBoard(locale: 'en' | 'ro') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OrdersBoard />
    </QueryClientProvider>,
    { wrapper: await inLanguage(locale) },
  );
}

describe('the board in Romanian', () => {
  it('counts new orders with Romanian plurals and writes amounts with a decimal comma', async () => {
    orders = [order('ORD-A', 4500), order('ORD-B', 12350)];
    await renderBoard('ro');
    const newColumn = await screen.findByRole('region', { name: /^Noi/ });
    // The column's count is read out with its noun: "2 comenzi" (few), never "2 orders".
    expect(newColumn.querySelector('h2')?.textContent).toBe('Noi , 2 comenzi');
    const card = within(newColumn).getByRole('article', { name: 'Comanda ORD-B' });
    expect(within(card).getByText('123,50 lei')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Acceptă' })).toBeTruthy();
    expect(within(card).getByText('Numerar · în așteptare')).toBeTruthy();
    expect(await screen.findByTestId('day-figures-cash')).toHaveProperty('textContent', '12.345,50 lei');
    expect(screen.getByRole('region', { name: /^Programate/ }).textContent).toContain('Nicio comandă programată');
  });

  it('one order is "1 comandă" (one)', async () => {
    orders = [order('ORD-A', 4500)];
    await renderBoard('ro');
    expect((await screen.findByRole('region', { name: /^Noi/ })).querySelector('h2')?.textContent).toBe('Noi , 1 comandă');
  });

  it('in English the column reads "2 orders" and the amount "45.00 lei"', async () => {
    orders = [order('ORD-A', 4500), order('ORD-B', 12350)];
    await renderBoard('en');
    const newColumn = await screen.findByRole('region', { name: /^New/ });
    expect(newColumn.querySelector('h2')?.textContent).toBe('New , 2 orders');
    expect(within(newColumn).getByText('45.00 lei')).toBeTruthy();
  });
});
