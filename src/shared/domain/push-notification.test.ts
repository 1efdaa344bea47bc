import { describe, expect, it } from 'vitest';

import { notificationFor, openOrFocus, readPushPayload, targetUrlOf } from './push-notification';

const ORIGIN = 'https://comenzi.example.ro';
const CUSTOMER = {
  audience: 'customer',
  kind: 'status',
  orderNumber: 'CG-20261122-0007',
  status: 'confirmed',
  text: 'Confirmed — ready at 14:30',
};

describe('readPushPayload', () => {
  it('takes what the server sends and refuses anything else', () => {
    expect(readPushPayload(CUSTOMER)).toEqual(CUSTOMER);
    expect(readPushPayload(null)).toBeNull();
    expect(readPushPayload({ ...CUSTOMER, status: 'eaten' })).toBeNull();
    expect(readPushPayload({ ...CUSTOMER, audience: 'everyone' })).toBeNull();
    expect(readPushPayload({ ...CUSTOMER, orderNumber: '' })).toBeNull();
    expect(readPushPayload({ ...CUSTOMER, text: 7 })).toBeNull();
  });
});

describe('notificationFor', () => {
  it("a customer's: the order's page, one notification per order (a newer status replaces the older)", () => {
    const shown = notificationFor(readPushPayload(CUSTOMER)!);
    expect(shown.title).toBe('Order CG-20261122-0007');
    expect(shown.options).toMatchObject({
      body: 'Confirmed — ready at 14:30',
      tag: 'customer-CG-20261122-0007',
      requireInteraction: false,
      data: { url: '/order-details/CG-20261122-0007' },
    });
  });

  it("the board's: the board, and it stays until someone acts", () => {
    const shown = notificationFor(
      readPushPayload({ ...CUSTOMER, audience: 'board', kind: 'new-order', status: 'received', text: 'New order' })!,
    );
    expect(shown.title).toBe('New order CG-20261122-0007');
    expect(shown.options).toMatchObject({ requireInteraction: true, data: { url: '/admin?section=orders' } });
    const waiting = notificationFor(
      readPushPayload({ ...CUSTOMER, audience: 'board', kind: 'waiting', status: 'received', text: 'Waiting' })!,
    );
    expect(waiting.title).toBe('Order CG-20261122-0007 is waiting');
  });
});

describe('targetUrlOf', () => {
  it('only same-origin paths; anything else opens the orders list', () => {
    expect(targetUrlOf({ url: '/order-details/CG-1' }, ORIGIN)).toBe(`${ORIGIN}/order-details/CG-1`);
    expect(targetUrlOf({ url: 'https://evil.example/' }, ORIGIN)).toBe(`${ORIGIN}/orders`);
    expect(targetUrlOf({ url: '//evil.example/' }, ORIGIN)).toBe(`${ORIGIN}/orders`);
    expect(targetUrlOf(null, ORIGIN)).toBe(`${ORIGIN}/orders`);
  });
});

describe('openOrFocus', () => {
  function windowAt(url: string, log: string[]) {
    return {
      url,
      focus: () => {
        log.push(`focus ${url}`);
        return Promise.resolve();
      },
      navigate: (to: string) => {
        log.push(`navigate ${url} -> ${to}`);
        return Promise.resolve(windowAt(to, log));
      },
    };
  }
  const target = `${ORIGIN}/order-details/CG-1`;

  it('brings forward a tab already on the page', async () => {
    const log: string[] = [];
    const clients = {
      matchAll: () => Promise.resolve([windowAt(`${ORIGIN}/menu`, log), windowAt(target, log)]),
      openWindow: () => Promise.resolve(null),
    };
    expect(await openOrFocus(target, clients, ORIGIN)).toBe('focused');
    expect(log).toEqual([`focus ${target}`]);
  });

  it('takes an open tab of the app there, and opens a window when there is none; a refused focus is no failure', async () => {
    const log: string[] = [];
    const opened: string[] = [];
    const clients = {
      matchAll: () => Promise.resolve([windowAt(`${ORIGIN}/menu`, log)]),
      openWindow: (url: string) => Promise.resolve(opened.push(url)),
    };
    expect(await openOrFocus(target, clients, ORIGIN)).toBe('navigated');
    expect(log).toEqual([`navigate ${ORIGIN}/menu -> ${target}`, `focus ${target}`]);
    const none = { matchAll: () => Promise.resolve([]), openWindow: (url: string) => Promise.resolve(opened.push(url)) };
    expect(await openOrFocus(target, none, ORIGIN)).toBe('opened');
    expect(opened).toEqual([target]);
    const refusing = { ...windowAt(target, log), focus: () => Promise.reject(new Error('Not allowed to focus a window')) };
    expect(
      await openOrFocus(target, { matchAll: () => Promise.resolve([refusing]), openWindow: () => Promise.resolve(null) }, ORIGIN),
    ).toBe('focused');
  });
});
