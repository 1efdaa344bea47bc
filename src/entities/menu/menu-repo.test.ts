import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it } from 'vitest';

import { db } from '../../db/db';
import { NetworkError } from '../../lib/api-fetch';
import { menuOf } from '../../../tests/setup/menu-fixtures';
import { keepMenu, storedMenu, storedMenuOr } from './menu-repo';

const menu = menuOf([], 'v2');
const FETCHED_AT = '2026-11-22T12:00:00.000Z';

afterEach(async () => {
  await db.menuSnapshot.clear();
});

describe('the menu repository', () => {
  it('keeps a fresh reading as the snapshot, without the reading’s own fields', async () => {
    await keepMenu({ ...menu, fetchedAt: FETCHED_AT });
    expect(await db.menuSnapshot.get('current')).toEqual({
      key: 'current',
      menu,
      version: 'v2',
      fetchedAt: FETCHED_AT,
      lastFailedRefreshAt: null,
    });
    expect(await storedMenu()).toEqual(menu);
  });

  it('does not keep a menu without its reading time (a server-rendered page’s)', async () => {
    await keepMenu(menu);
    expect(await storedMenu()).toBeUndefined();
  });

  it('records a failed refresh on the snapshot it answered, and answers that snapshot for a network failure', async () => {
    await keepMenu({ ...menu, fetchedAt: FETCHED_AT });
    const stale = await storedMenuOr(new NetworkError(new TypeError('Failed to fetch')), '2026-11-22T12:05:00.000Z');
    expect(stale).toEqual({ ...menu, fetchedAt: FETCHED_AT, staleSince: '2026-11-22T12:05:00.000Z' });
    await keepMenu(stale);
    expect(await db.menuSnapshot.get('current')).toMatchObject({
      menu,
      fetchedAt: FETCHED_AT,
      lastFailedRefreshAt: '2026-11-22T12:05:00.000Z',
    });
  });

  it('lets any other failure stand', async () => {
    await keepMenu({ ...menu, fetchedAt: FETCHED_AT });
    const bug = new TypeError('x is undefined');
    await expect(storedMenuOr(bug, FETCHED_AT)).rejects.toBe(bug);
  });
});
