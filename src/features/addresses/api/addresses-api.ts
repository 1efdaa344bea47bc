/**
 * The address book's server calls: one key factory, the list's queryOptions and the writes.
 *
 * Offline: every write here needs the network. A failed request throws NetworkError and the UI
 * shows 'Save Failed' / 'Delete failed' / 'Failed' with a "you are offline" hint; nothing is queued
 * yet (address writes join the outbox with the offline issue). After any write the list is
 * refetched (spec §4), which also refreshes checkout's own address read through `onChanged`.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

import { apiFetch, NetworkError } from '../../../lib/api-fetch';
import type { Address, AddressInput } from '../../../shared/schemas/address';
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
        const { addresses, customerId } = await apiFetch('/api/addresses', addressListResponseSchema);
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

export function createAddress(input: AddressInput): Promise<Address> {
  return apiFetch('/api/addresses', addressResponseSchema, { method: 'POST', body: JSON.stringify(input) }).then((r) => r.address);
}

export function updateAddress(id: number, input: AddressInput): Promise<Address> {
  return apiFetch(`/api/addresses/${id}`, addressResponseSchema, { method: 'PUT', body: JSON.stringify(input) }).then((r) => r.address);
}

/**
 * Bodiless writes still send an empty JSON object: browsers send no Content-Length on a bodiless
 * DELETE, which the server's CSRF rule (unsafe methods carry JSON) cannot tell from a form post.
 */
const EMPTY_JSON_BODY = '{}';

export async function deleteAddress(id: number): Promise<void> {
  await apiFetch(`/api/addresses/${id}`, z.undefined(), { method: 'DELETE', body: EMPTY_JSON_BODY });
}

export function setDefaultAddress(id: number, isDefault: boolean): Promise<Address> {
  return apiFetch(`/api/addresses/${id}/default`, addressResponseSchema, {
    method: isDefault ? 'POST' : 'DELETE',
    body: EMPTY_JSON_BODY,
  }).then((r) => r.address);
}

/** Refetches the list after a write (spec §4: "After any address change the list is refetched"). */
export function useInvalidateAddresses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: addressKeys.all });
}

export function useSaveAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: AddressInput }) =>
      id === undefined ? createAddress(input) : updateAddress(id, input),
    onSettled: invalidate,
  });
}

export function useDeleteAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({ mutationFn: (id: number) => deleteAddress(id), onSettled: invalidate });
}

export function useSetDefaultAddress() {
  const invalidate = useInvalidateAddresses();
  return useMutation({
    mutationFn: ({ id, isDefault }: { id: number; isDefault: boolean }) => setDefaultAddress(id, isDefault),
    onSettled: invalidate,
  });
}
