/**
 * E2E helpers for the restaurant's side (issue 19): sign the manager in through the API (the
 * session cookie lands in the request's browser context) and accept an order as the board does,
 * for specs whose premise starts after a person at the restaurant accepted the order (nothing moves
 * a new order forward on its own any more).
 */
import type { APIRequestContext, Page } from '@playwright/test';

import type { Order } from '../../../src/shared/schemas/order';
import { expect } from '../fixtures';
import { serverOrigin } from './e2e-server';

export const MANAGER = { email: 'manager@casagratarului.ro', password: 'manager-e2e-password' };

export const jsonHeaders = () => ({ origin: serverOrigin(), 'content-type': 'application/json' });

export async function signInAsManager(request: APIRequestContext): Promise<void> {
  const response = await request.post(`${serverOrigin()}/api/auth/login`, { data: MANAGER, headers: jsonHeaders() });
  expect(response.status(), await response.text()).toBe(200);
}

/** POST /api/admin/board/:orderNumber/accept, as the board's Accept dialog does; the request must be the manager's. */
export async function acceptOrderViaApi(request: APIRequestContext, orderNumber: string, prepMinutes = 30): Promise<Order> {
  const response = await request.post(`${serverOrigin()}/api/admin/board/${orderNumber}/accept`, {
    data: { prepMinutes },
    headers: jsonHeaders(),
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { order: Order }).order;
}

/**
 * Rejects (reason 'too busy') every order of today still waiting for a decision, so a test that
 * listens to the board's ring hears only its own orders: undecided orders left by earlier specs of
 * the run (nobody accepts those) would otherwise ring, and escalate, all the time.
 */
export async function rejectUndecidedOrders(request: APIRequestContext): Promise<void> {
  const board = await request.get(`${serverOrigin()}/api/admin/board?today=1`);
  expect(board.status(), await board.text()).toBe(200);
  const { orders } = (await board.json()) as { orders: Order[] };
  for (const order of orders.filter((o) => o.status === 'received')) {
    const response = await request.post(`${serverOrigin()}/api/admin/board/${order.orderNumber}/cancel`, {
      data: { reasonCode: 'too_busy' },
      headers: jsonHeaders(),
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/**
 * Counts the board's ring from before any app script runs: each beep is a Web Audio oscillator. Returns
 * a reader of the count so far.
 */
export async function countBeeps(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const counter = window as unknown as { beeps: number };
    counter.beeps = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      counter.beeps += 1;
      return original.call(this);
    };
  });
  return () => page.evaluate(() => (window as unknown as { beeps: number }).beeps);
}
