/**
 * Issue 21, defect 7: queued writes belong to the person who made them. Against a real IndexedDB
 * (fake-indexeddb) and the production drain, with the owner of the session read as in production
 * (the profile row of the last /api/auth/me answer, and the sign-in pause after a 401).
 */
import 'fake-indexeddb/auto';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { AppDb, CURRENT_PROFILE_ROW_ID } from '../db/app-db';
import type { OutboxRow } from '../db/app-db';
import { manualClock } from '../shared/clock';
import type { SendOutcome } from './outbox';
import { createOutbox, fetchTransport } from './outbox';
import {
  claimDeviceFor,
  OUTBOX_OWNER_HEADER,
  queuedEntriesOf,
  sendableCount,
  SESSION_USER_CHANGED_CODE,
  signInNeeded,
  setAsideOwnedEntries,
} from './outbox-ownership';

const ANA = 11;
const BOGDAN = 22;

let db: AppDb;
let dbCounter = 0;
const clock = manualClock(new Date('2026-11-22T12:00:00Z'));

beforeEach(() => {
  dbCounter += 1;
  db = new AppDb(`outbox-ownership-${dbCounter}`);
});

afterEach(async () => {
  db.close();
  await db.delete();
});

/** What /api/auth/me last said on this device, as src/entities/session/session-repo.ts keeps it. */
async function signedInAs(userId: number): Promise<void> {
  await db.profile.put({ id: CURRENT_PROFILE_ROW_ID, userId, data: { id: userId }, updatedAt: clock.now().toISOString() });
}

/** A fake server: records who sent what, answers with the scripted outcomes, then 201. */
function recordingTransport(outcomes: SendOutcome[] = []) {
  const sent: { id: string; owner: number | null }[] = [];
  return {
    sent,
    transport: async (entry: OutboxRow): Promise<SendOutcome> => {
      sent.push({ id: entry.id, owner: entry.userId });
      return outcomes.shift() ?? { kind: 'acknowledged', status: 201, body: {} };
    },
  };
}

function makeOutbox(transport: (entry: OutboxRow) => Promise<SendOutcome>) {
  let ids = 0;
  return createOutbox({ db, clock, transport, lock: (task) => task(), random: () => 0.5, newId: () => `key-${++ids}` });
}

const addressWrite = (userId: number | null, label = 'New address') => ({
  kind: 'address.create',
  label,
  request: { method: 'POST' as const, path: '/api/addresses', body: { label } },
  userId,
});

describe('draining sends only the signed-in person’s entries', () => {
  it("sends the signed-in person's entries and sets another person's aside, unsent", async () => {
    const server = recordingTransport();
    const outbox = makeOutbox(server.transport);
    const anas = await outbox.enqueue(addressWrite(ANA));
    clock.advanceMs(1);
    const bogdans = await outbox.enqueue(addressWrite(BOGDAN));
    await signedInAs(ANA);

    await outbox.drain();

    expect(server.sent).toEqual([{ id: anas, owner: ANA }]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.outboxSetAside.get(bogdans)).toMatchObject({ userId: BOGDAN, status: 'pending' });
  });

  it('sends nothing while nobody is signed in on this device', async () => {
    const server = recordingTransport();
    const outbox = makeOutbox(server.transport);
    const id = await outbox.enqueue(addressWrite(ANA));

    await outbox.drain();

    expect(server.sent).toEqual([]);
    expect(await db.outbox.get(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await sendableCount(db)).toBe(0);
  });

  it('an entry queued without an owner belongs to the person signed in', async () => {
    const outbox = makeOutbox(recordingTransport().transport);
    await signedInAs(ANA);
    const id = await outbox.enqueue(addressWrite(null));
    expect(await db.outbox.get(id)).toMatchObject({ userId: ANA, status: 'pending' });
  });

  it('the HTTP transport names the owner, so the server can refuse it under another session', async () => {
    const seen: Headers[] = [];
    const transport = fetchTransport(async (_url, init) => {
      seen.push(new Headers(init?.headers));
      return new Response('{}', { status: 201 });
    });
    const outbox = makeOutbox(transport);
    await signedInAs(ANA);
    await outbox.enqueue(addressWrite(ANA));
    await outbox.drain();
    expect(seen.map((headers) => headers.get(OUTBOX_OWNER_HEADER))).toEqual([String(ANA)]);
  });

  it('a server saying the session is someone else’s sets the entry aside and stops the pass', async () => {
    const server = recordingTransport([{ kind: 'rejected', status: 409, code: SESSION_USER_CHANGED_CODE, message: 'another account' }]);
    const outbox = makeOutbox(server.transport);
    // The device still believes Ana is signed in; the cookie is already Bogdan's.
    await signedInAs(ANA);
    const first = await outbox.enqueue(addressWrite(ANA, 'Home'));
    clock.advanceMs(1);
    const second = await outbox.enqueue(addressWrite(ANA, 'Work'));

    await outbox.drain();

    expect(server.sent.map((s) => s.id)).toEqual([first]);
    expect(await db.outboxSetAside.get(first)).toMatchObject({ userId: ANA, status: 'pending', attempts: 0 });
    expect(await db.outbox.get(second)).toMatchObject({ status: 'pending' });
  });
});

describe('a session that ended (401) pauses sending until its owner signs in again', () => {
  it('keeps the entry queued (not needs-review), sends nothing more, and resumes after the same person signs in', async () => {
    const server = recordingTransport([{ kind: 'rejected', status: 401, code: 'unauthenticated', message: 'Please sign in.' }]);
    const outbox = makeOutbox(server.transport);
    await signedInAs(ANA);
    const order = await outbox.enqueue({ ...addressWrite(ANA, 'Cash order'), kind: 'order.create' });
    clock.advanceMs(1);
    const address = await outbox.enqueue(addressWrite(ANA));

    await outbox.drain();
    expect(server.sent.map((s) => s.id)).toEqual([order]);
    expect(await db.outbox.get(order)).toMatchObject({ status: 'pending', attempts: 0, lastErrorCode: null });
    expect(await db.outbox.get(address)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await signInNeeded(db)).toEqual({ userId: ANA, since: clock.now().toISOString() });

    // Paused: another pass (a timer, the connection coming back) sends nothing.
    await outbox.drain();
    expect(server.sent).toHaveLength(1);
    expect(await sendableCount(db)).toBe(0);

    // Ana signs in again: the pause ends and both go, in order.
    const claim = await claimDeviceFor(db, ANA, clock.now());
    expect(claim).toMatchObject({ resumed: true, pending: 2 });
    await outbox.drain();
    expect(server.sent.map((s) => s.id)).toEqual([order, order, address]);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('another person signs in on this device', () => {
  async function anaLeftThingsBehind(): Promise<[string, string]> {
    const outbox = makeOutbox(recordingTransport().transport);
    await signedInAs(ANA);
    await db.orders.put({ id: 'ORD-1', userId: ANA, data: {}, updatedAt: '' });
    await db.addresses.put({ id: `${ANA}:1`, userId: ANA, data: {}, updatedAt: '' });
    await db.meta.put({ key: 'admin.settings', value: { userId: ANA } });
    await db.meta.put({ key: 'order.placed:abc', value: { orderNumber: 'ORD-1' } });
    await db.meta.put({ key: 'menu.version', value: 'v1' });
    const first = await outbox.enqueue(addressWrite(ANA));
    clock.advanceMs(1);
    const second = await outbox.enqueue({ ...addressWrite(ANA, 'Cash order'), kind: 'order.create' });
    await db.outbox.update(second, { status: 'needs-review', lastErrorCode: 'price_changed' });
    return [first, second];
  }

  it("removes the previous person's orders, addresses and profile and sets their entries aside", async () => {
    const [first, second] = await anaLeftThingsBehind();

    const claim = await claimDeviceFor(db, BOGDAN, clock.now(), { data: { id: BOGDAN }, updatedAt: '' });

    expect(claim).toMatchObject({ setAside: 2, restored: 0, removedOtherPersonData: true });
    expect(await db.orders.count()).toBe(0);
    expect(await db.addresses.count()).toBe(0);
    expect(await db.profile.toArray()).toEqual([{ id: CURRENT_PROFILE_ROW_ID, userId: BOGDAN, data: { id: BOGDAN }, updatedAt: '' }]);
    expect((await db.meta.toArray()).map((row) => row.key)).toEqual(['menu.version']);
    // Not Bogdan's to see or send: out of the outbox every screen reads, kept as they were.
    expect(await db.outbox.count()).toBe(0);
    expect(await queuedEntriesOf(db, ANA)).toEqual([]);
    expect((await db.outboxSetAside.toArray()).map((e) => [e.id, e.userId, e.status])).toEqual([
      [first, ANA, 'pending'],
      [second, ANA, 'needs-review'],
    ]);
  });

  it('nothing of hers is sent under his session; when she signs back in her entries come back and are sent', async () => {
    const [first, second] = await anaLeftThingsBehind();
    const server = recordingTransport();
    const outbox = makeOutbox(server.transport);
    await claimDeviceFor(db, BOGDAN, clock.now(), { data: { id: BOGDAN }, updatedAt: '' });
    await outbox.drain();
    expect(server.sent).toEqual([]);

    clock.advanceMs(60_000);
    const claim = await claimDeviceFor(db, ANA, clock.now(), { data: { id: ANA }, updatedAt: '' });
    expect(claim).toMatchObject({ restored: 2, pending: 1 });
    expect(await db.outboxSetAside.count()).toBe(0);
    expect(await db.outbox.get(second)).toMatchObject({ status: 'needs-review' });
    await outbox.drain();
    expect(server.sent).toEqual([{ id: first, owner: ANA }]);
  });

  it('the same person signing in again changes nothing', async () => {
    await anaLeftThingsBehind();
    const claim = await claimDeviceFor(db, ANA, clock.now(), { data: { id: ANA }, updatedAt: '' });
    expect(claim).toEqual({ setAside: 0, restored: 0, removedOtherPersonData: false, resumed: false, pending: 1 });
    expect(await db.orders.count()).toBe(1);
    expect(await db.outbox.count()).toBe(2);
  });
});

describe('signing out', () => {
  it('sets every owned entry aside under its owner; an entry of unknown owner stays in view', async () => {
    const outbox = makeOutbox(recordingTransport().transport);
    await signedInAs(ANA);
    const anas = await outbox.enqueue(addressWrite(ANA));
    await db.outbox.put({ ...(await db.outbox.get(anas))!, id: 'legacy', userId: null, status: 'needs-attention' });

    expect(await setAsideOwnedEntries(db)).toBe(1);

    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual(['legacy']);
    expect(await db.outboxSetAside.get(anas)).toMatchObject({ userId: ANA });
  });
});
