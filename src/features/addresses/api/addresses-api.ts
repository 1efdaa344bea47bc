/**
 * The address book's server calls: one key factory, the list's queryOptions and the writes.
 *
 * Offline (navigator.onLine false or a NetworkError): an edit that keeps the place, a delete and a
 * default change go into the outbox under a UUID (its Idempotency-Key on every attempt) and are
 * applied at once to the device copy, so the book shows them with a 'waiting to sync' mark; they
 * reach the server when the connection is back, exactly once. A new address (a street found on the
 * device, a typed or placed pin) is queued the same way; having no server id yet, it is shown from
 * its outbox entry (useQueuedNewAddresses), not added to the saved list, so it can be neither picked
 * at checkout nor edited before the server has accepted it. Moving an address still needs the
 * network. After any write the list is refetched (spec §4).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';

import { api, apiPath, call, EMPTY_JSON_BODY } from '../../../lib/api-client';
import { NetworkError } from '../../../lib/api-fetch';
import { translateOutsideScreens } from '../../../lib/i18n';
import type { Address, AddressInput } from '../../../shared/schemas/address';
import type { OutboxMethod } from '../../../db/app-db';
import type { OfflineEditableField, QueuedAddressChange } from '../address-repo';
import type { QueuedNewAddress } from '../queued-new';
import { QUEUED_ADD_KIND, queuedNewAddresses } from '../queued-new';
import { addressListResponseSchema, addressResponseSchema } from '../../../shared/schemas/address';

export const addressKeys = {
  all: ['addresses'] as const,
  list: () => [...addressKeys.all, 'list'] as const,
};

/** The device copy lives in IndexedDB; loaded on demand so Dexie stays out of the first paint. */
const loadRepo = () => import('../address-repo');

export const addressesQueryOptions = () =>
  queryOptions({
    queryKey: addressKeys.list(),
    queryFn: async (): Promise<Address[]> => {
      try {
        const { addresses, customerId } = await call(api.addresses.$get(), addressListResponseSchema);
        // Best effort: a failing IndexedDB (private mode, quota) must not fail the list.
        void loadRepo()
          .then((repo) => repo.saveAddressSnapshot(customerId, addresses))
          .catch(() => undefined);
        return addresses;
      } catch (error) {
        // Offline: show the copy from the last successful read (writes still say they need the network).
        if (error instanceof NetworkError) {
          const saved = await loadRepo()
            .then((repo) => repo.readAddressSnapshot())
            .catch(() => null);
          if (saved) return saved;
        }
        throw error;
      }
    },
  });

/** Outbox kinds of queued address writes; the sync panel lists them by label. */
export const ADDRESS_OUTBOX_KINDS = [QUEUED_ADD_KIND, 'address.update', 'address.delete', 'address.default'] as const;
const ADDRESS_PATH_ID = /^\/api\/addresses\/(\d+)/;

/** The address id a queued address write is about (null for anything else). */
export function queuedAddressId(entry: { kind: string; request: { path: string } }): number | null {
  if (!(ADDRESS_OUTBOX_KINDS as readonly string[]).includes(entry.kind)) return null;
  const match = ADDRESS_PATH_ID.exec(entry.request.path);
  return match?.[1] ? Number(match[1]) : null;
}

/** Answers true when `send` was queued instead (offline), after applying `change` to the device copy. */
async function sendOrQueue(
  send: (key: string) => Promise<unknown>,
  queued: {
    kind: (typeof ADDRESS_OUTBOX_KINDS)[number];
    label: string;
    method: OutboxMethod;
    path: string;
    body: unknown;
    /** Applied to the saved list at once; none for a new address (it has no server id yet). */
    change?: QueuedAddressChange;
  },
): Promise<boolean> {
  const key = crypto.randomUUID();
  if (navigator.onLine) {
    try {
      await send(key);
      return false;
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
    }
  }
  const repo = await loadRepo();
  const saved = await repo.readAddressSnapshot();
  const owner = saved ? await import('../../../db/db').then(({ db }) => db.addresses.toCollection().first()) : undefined;
  const { enqueueWrite } = await import('../../../sync/outbox-runtime');
  // Same key as the attempt that may have reached the server: it is applied at most once.
  await enqueueWrite({
    id: key,
    kind: queued.kind,
    label: queued.label,
    request: { method: queued.method, path: queued.path, body: queued.body },
    userId: owner?.userId ?? null,
  });
  if (queued.change) await repo.applyQueuedAddressChange(queued.change).catch(() => null);
  return true;
}

/** The write's key as the request option the typed client takes (the routes read the header, not a validated input). */
const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/**
 * Online, the add is sent at once (under a key, so a lost answer retried from the outbox cannot add
 * it twice); offline it is queued and the server re-resolves the place and decides the zone when it
 * arrives. A refusal then (unknown place, outside the zone) stops the entry with the server's reason
 * in the sync panel.
 */
export async function createAddress(input: AddressInput): Promise<{ queued: boolean }> {
  const queued = await sendOrQueue((key) => call(api.addresses.$post({ json: input }, idempotent(key)), addressResponseSchema), {
    kind: QUEUED_ADD_KIND,
    label: translateOutsideScreens('addresses.outbox.add', { address: input.formattedAddress }),
    method: 'POST',
    path: apiPath(api.addresses.$path()),
    body: input,
  });
  return { queued };
}

/**
 * Offline, an edit that keeps the place and pin is queued (the server re-resolves the same place
 * when it arrives); one that moves the address needs the geocoder and throws NetworkError.
 */
export async function updateAddress(id: number, input: AddressInput, before?: Address): Promise<{ queued: boolean }> {
  const send = (key: string) =>
    call(api.addresses[':id'].$put({ param: addressParam(id), json: input }, idempotent(key)), addressResponseSchema);
  const samePlace =
    before !== undefined && before.placeId === input.placeId && before.latitude === input.latitude && before.longitude === input.longitude;
  if (!samePlace) {
    await send(crypto.randomUUID());
    return { queued: false };
  }
  const repo = await loadRepo();
  const fields = Object.fromEntries(
    repo.OFFLINE_EDITABLE_FIELDS.filter((field) => field in input).map((field) => [field, input[field as keyof AddressInput] ?? null]),
  ) as Partial<Pick<Address, OfflineEditableField>>;
  if (input.isDefault === undefined) delete fields.isDefault;
  const queued = await sendOrQueue(send, {
    kind: 'address.update',
    label: translateOutsideScreens('addresses.outbox.edit', { address: before.formattedAddress }),
    method: 'PUT',
    path: addressPath(id),
    body: input,
    change: { type: 'edit', id, fields },
  });
  return { queued };
}

/** A bodiless write under a key (an empty JSON body: see EMPTY_JSON_BODY). */
const emptyJsonBody = (key: string) => ({ ...idempotent(key), ...EMPTY_JSON_BODY });

const addressParam = (id: number) => ({ id: String(id) });
const addressPath = (id: number) => apiPath(api.addresses[':id'].$path({ param: addressParam(id) }));

/** Under a key the server answers 200 { deleted } (a replay answers it again). */
const deletedResponseSchema = z.object({ deleted: z.number() });

export async function deleteAddress(id: number, label = `#${id}`): Promise<{ queued: boolean }> {
  const queued = await sendOrQueue(
    (key) => call(api.addresses[':id'].$delete({ param: addressParam(id) }, emptyJsonBody(key)), deletedResponseSchema),
    {
      kind: 'address.delete',
      label: translateOutsideScreens('addresses.outbox.delete', { address: label }),
      method: 'DELETE',
      path: addressPath(id),
      body: {},
      change: { type: 'delete', id },
    },
  );
  return { queued };
}

export async function setDefaultAddress(id: number, isDefault: boolean, label = `#${id}`): Promise<{ queued: boolean }> {
  const method: OutboxMethod = isDefault ? 'POST' : 'DELETE';
  const queued = await sendOrQueue(
    (key) => {
      const route = api.addresses[':id'].default;
      const request = isDefault ? route.$post : route.$delete;
      return call(request({ param: addressParam(id) }, emptyJsonBody(key)), addressResponseSchema);
    },
    {
      kind: 'address.default',
      label: translateOutsideScreens(isDefault ? 'addresses.outbox.setDefault' : 'addresses.outbox.unsetDefault', { address: label }),
      method,
      path: apiPath(api.addresses[':id'].default.$path({ param: addressParam(id) })),
      body: {},
      change: { type: 'default', id, isDefault },
    },
  );
  return { queued };
}

/** Refetches the list after a write (spec §4: "After any address change the list is refetched"). */
export function useInvalidateAddresses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: addressKeys.all });
}

export function useSaveAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({
    mutationFn: ({ id, input, before }: { id?: number; input: AddressInput; before?: Address }) =>
      id === undefined ? createAddress(input) : updateAddress(id, input, before),
    onSettled: invalidate,
  });
}

export function useDeleteAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({ mutationFn: ({ id, label }: { id: number; label?: string }) => deleteAddress(id, label), onSettled: invalidate });
}

export function useSetDefaultAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({
    mutationFn: ({ id, isDefault, label }: { id: number; isDefault: boolean; label?: string }) => setDefaultAddress(id, isDefault, label),
    onSettled: invalidate,
  });
}

/**
 * Ids of addresses with a write waiting in the outbox (offline): the book marks them 'Waiting to
 * sync'. When one is acknowledged the list is refetched, so the server's answer replaces the
 * device's optimistic copy.
 */
export function useQueuedAddressIds(): ReadonlySet<number> {
  const invalidate = useInvalidateAddresses();
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(() => {
    let stopped = false;
    let subscription: { unsubscribe(): void } | undefined;
    const stops: Array<() => void> = [];
    void Promise.all([import('dexie'), import('../../../db/db'), import('../../../sync/outbox-runtime')]).then(
      ([{ liveQuery }, { db }, runtime]) => {
        if (stopped) return;
        subscription = liveQuery(() => db.outbox.toArray()).subscribe((rows) => {
          const next = new Set<number>();
          for (const row of rows) {
            const id = queuedAddressId(row);
            if (id !== null) next.add(id);
          }
          setIds(next);
        });
        for (const kind of ADDRESS_OUTBOX_KINDS) stops.push(runtime.onOutboxAcknowledged(kind, () => void invalidate()));
      },
    );
    return () => {
      stopped = true;
      subscription?.unsubscribe();
      for (const stop of stops) stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribe once per mounted list
  }, []);
  return ids;
}

/** New addresses added offline and waiting in the outbox (live), oldest first. */
export function useQueuedNewAddresses(): readonly QueuedNewAddress[] {
  const [queued, setQueued] = useState<readonly QueuedNewAddress[]>([]);
  useEffect(() => {
    let stopped = false;
    let subscription: { unsubscribe(): void } | undefined;
    void Promise.all([import('dexie'), import('../../../db/db')]).then(([{ liveQuery }, { db }]) => {
      if (stopped) return;
      subscription = liveQuery(() => db.outbox.toArray()).subscribe((rows) => setQueued(queuedNewAddresses(rows)));
    });
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, []);
  return queued;
}
