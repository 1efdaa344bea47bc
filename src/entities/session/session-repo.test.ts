import 'fake-indexeddb/auto';

import { afterEach, describe, expect, it } from 'vitest';

import { CURRENT_PROFILE_ROW_ID } from '../../db/app-db';
import { db } from '../../db/db';
import { ApiRequestError, NetworkError } from '../../lib/api-fetch';
import { keepCurrentUser, lastKnownCurrentUser, lastKnownCurrentUserOr } from './session-repo';
import { signedInCustomer } from '../../../tests/fixtures/current-user';

const ANA = signedInCustomer({ phone: null });

afterEach(() => db.profile.clear());

describe('the session repository', () => {
  it('keeps a server’s answer as the device’s copy, and forgets it for nobody', async () => {
    expect(await lastKnownCurrentUser()).toBeNull();
    await keepCurrentUser({ ...ANA });
    expect(await lastKnownCurrentUser()).toEqual(ANA);
    expect((await db.profile.get(CURRENT_PROFILE_ROW_ID))?.userId).toBe(ANA.id);
    await keepCurrentUser(null);
    expect(await lastKnownCurrentUser()).toBeNull();
  });

  it('passes over its own copy handed back (the offline answer), not an equal server answer', async () => {
    await keepCurrentUser({ ...ANA });
    const copy = await lastKnownCurrentUser();
    await db.profile.clear();
    await keepCurrentUser(copy);
    expect(await lastKnownCurrentUser()).toBeNull();
    await keepCurrentUser({ ...ANA });
    expect(await lastKnownCurrentUser()).toEqual(ANA);
  });

  it('answers a failed request with the copy only for want of a network', async () => {
    const offline = new NetworkError(new TypeError('Failed to fetch'));
    await expect(lastKnownCurrentUserOr(offline)).rejects.toBe(offline);
    await keepCurrentUser({ ...ANA });
    await expect(lastKnownCurrentUserOr(offline)).resolves.toEqual(ANA);
    const refused = new ApiRequestError(503, 'down', 'Down');
    await expect(lastKnownCurrentUserOr(refused)).rejects.toBe(refused);
  });
});
