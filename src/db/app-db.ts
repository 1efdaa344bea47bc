/**
 * The device's durable data (IndexedDB through Dexie): the menu snapshot, restaurant info, the cart,
 * the signed-in person's orders, addresses and profile, and the outbox of writes waiting for the
 * network. Screens read these through useLiveQuery so they paint from local data, online or not.
 *
 * The schema is append-only once shipped: never edit a released version(n); add version(n + 1)
 * with an .upgrade() instead. Only indexed fields are listed in stores().
 */
import type { EntityTable, Transaction } from 'dexie';
import { Dexie } from 'dexie';

import type { Menu } from '../shared/schemas/menu';
import type { RestaurantInfo } from '../shared/schemas/restaurant';

export interface MenuSnapshotRow {
  key: 'current';
  menu: Menu;
  version: string;
  fetchedAt: string;
  /** Set when a refresh failed after this snapshot was taken ("prices as of HH:MM"). */
  lastFailedRefreshAt: string | null;
}

export interface RestaurantRow {
  key: 'current';
  info: RestaurantInfo;
  fetchedAt: string;
}

export interface CartModifierRow {
  modifierId: number;
  modifierGroupId: number;
  name: string;
  sku: string;
  priceBani: number;
}

export interface CartLineRow {
  /** Time-based id (spec §3), unique per line. */
  id: string;
  menuItemId: number;
  name: string;
  sku: string;
  unitPriceBani: number;
  quantity: number;
  selectedModifiers: CartModifierRow[];
  specialInstructions: string;
  imageUrl: string | null;
  addedAt: string;
  /** Per-kg dishes (issue 27): the portion in grams; unitPriceBani is then the kilogram price. Not indexed. */
  weightGrams?: number;
}

/** A personal record (order, address, profile) cached for offline reading; cleared at logout. */
export interface PersonalRow<T> {
  id: string;
  userId: number;
  data: T;
  updatedAt: string;
}

/**
 * pending: waiting to be sent (or to be retried after nextAttemptAt);
 * sending: an attempt is under way (reset to pending at start-up: a crash mid-send is retried, and the
 *          server's idempotency key makes that retry harmless);
 * needs-attention: the server refused it (4xx) — shown with its reason until retried or discarded;
 * needs-review: the server answered 409 price_changed — the customer re-confirms or discards.
 */
export type OutboxStatus = 'pending' | 'sending' | 'needs-attention' | 'needs-review';

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OutboxRequest {
  method: OutboxMethod;
  /** Same-origin API path, e.g. /api/orders. */
  path: string;
  body?: unknown;
}

/** What a queued cash order looked like when the customer confirmed it (lines and total to show). */
export interface QueuedOrderPreview {
  lines: {
    menuItemId: number;
    /** The dish's Romanian name (before 0172, with the per-kg portion after it). */
    name: string;
    /** The options' Romanian names. */
    modifiers: string[];
    /**
     * The options' ids, in the order of `modifiers`, and the per-kg portion in grams: the screen names
     * the line in its language (docs/decisions/0172-order-lines-in-the-screens-language.md). Absent on
     * previews stored before.
     */
    modifierIds?: number[];
    weightGrams?: number;
    quantity: number;
    unitPriceBani: number;
    lineTotalBani: number;
  }[];
  subtotalBani: number;
  deliveryFeeBani: number;
  totalBani: number;
  fulfilment: 'delivery' | 'pickup';
}

export interface OutboxRow {
  /** UUID made at enqueue time; the Idempotency-Key of every attempt. */
  id: string;
  /**
   * Whose write this is (the signed-in person at enqueue time). It is sent only under that person's
   * session; null only for an entry from before version 2 whose owner could not be known (it waits,
   * needs-attention, for a signed-in person to Retry it as theirs or Discard it).
   */
  userId: number | null;
  /** What the write is ('order.create', 'profile.update', 'address.create', …), for handlers and the sync panel. */
  kind: string;
  /** A short human description for the sync panel. */
  label: string;
  request: OutboxRequest;
  status: OutboxStatus;
  attempts: number;
  createdAt: string;
  nextAttemptAt: string;
  lastError: string | null;
  lastErrorCode: string | null;
  lastErrorDetails: unknown;
  /**
   * The id of the first entry of this intent: a re-confirmed order gets a new id (a new
   * Idempotency-Key) but keeps its origin, so the queued confirmation page can follow it.
   * Not indexed (no schema change); absent on entries made before it existed.
   */
  originId?: string;
  /** Queued orders only: the lines and total as confirmed. */
  preview?: QueuedOrderPreview;
}

/** The id of the profile row holding the last /api/auth/me answer (the person signed in on this device). */
export const CURRENT_PROFILE_ROW_ID = 'current';

/** lastErrorCode of an entry whose owner is unknown (made before entries were tied to accounts). */
export const OWNER_UNKNOWN_CODE = 'owner_unknown';
export const OWNER_UNKNOWN_TEXT =
  'Saved on this device before changes were tied to an account. Choose Retry to send it as yourself, or Discard it.';

/**
 * Version 2 (issue 21, defect 7): every outbox entry belongs to the person who made it. Entries
 * without an owner get the person signed in on this device (the profile row; version 1 removed the
 * outbox together with that row at sign-out, so whatever sat beside it was queued in that person's
 * session). With nobody known, the owner cannot be known: the entry is never sent by itself, it
 * waits as needs-attention until a signed-in person retries it as theirs or discards it.
 */
export async function upgradeOutboxOwners(tx: Transaction): Promise<void> {
  const profile = (await tx.table('profile').get(CURRENT_PROFILE_ROW_ID)) as PersonalRow<unknown> | undefined;
  const owner = typeof profile?.userId === 'number' ? profile.userId : null;
  await tx
    .table('outbox')
    .toCollection()
    .modify((row: OutboxRow) => {
      if (typeof row.userId === 'number') return;
      if (owner !== null) {
        row.userId = owner;
        return;
      }
      row.userId = null;
      row.status = 'needs-attention';
      row.lastError = OWNER_UNKNOWN_TEXT;
      row.lastErrorCode = OWNER_UNKNOWN_CODE;
      row.lastErrorDetails = null;
    });
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export class AppDb extends Dexie {
  menuSnapshot!: EntityTable<MenuSnapshotRow, 'key'>;
  restaurant!: EntityTable<RestaurantRow, 'key'>;
  cartLines!: EntityTable<CartLineRow, 'id'>;
  orders!: EntityTable<PersonalRow<unknown>, 'id'>;
  addresses!: EntityTable<PersonalRow<unknown>, 'id'>;
  profile!: EntityTable<PersonalRow<unknown>, 'id'>;
  outbox!: EntityTable<OutboxRow, 'id'>;
  /**
   * Outbox entries of someone who is not signed in on this device now (another person signed in,
   * or the owner signed out keeping them): never sent, never shown; moved back into the outbox and
   * sent when their owner signs in here again (src/sync/outbox-ownership.ts).
   */
  outboxSetAside!: EntityTable<OutboxRow, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = 'casa-gratarului') {
    super(name);
    this.version(1).stores({
      menuSnapshot: 'key',
      restaurant: 'key',
      cartLines: 'id, menuItemId, addedAt',
      orders: 'id, userId, updatedAt',
      addresses: 'id, userId, updatedAt',
      profile: 'id, userId',
      outbox: 'id, status, createdAt, userId',
      meta: 'key',
    });
    this.version(2).stores({ outboxSetAside: 'id, userId, createdAt' }).upgrade(upgradeOutboxOwners);
  }
}
