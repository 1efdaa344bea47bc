/**
 * The signed-in customer's addresses (newest updated first), as cards or as a radio group, with
 * select, set/unset default, edit and delete (confirmed; a spinner on that card until done).
 * Used by the profile's address book and, composed by the checkout route, as its picker.
 *
 * Offline: the list shows the device copy; a delete or default change is queued in the outbox,
 * shown at once, and marked 'Waiting to sync' until the server has acknowledged it.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { NetworkError } from '../../../lib/api-fetch';
import { notify } from '../../../lib/notify';
import type { Address } from '../../../shared/schemas/address';
import { addressDisplayLabel } from '../../../shared/schemas/address';
import { addressesQueryOptions, useDeleteAddress, useQueuedAddressIds, useSetDefaultAddress } from '../api/addresses-api';
import { AddressCard, AddressSummary } from './address-card';
import { AddressPanel } from './address-panel';
import './addresses.css';

export const OFFLINE_HINT = 'You appear to be offline. Changing addresses needs a connection; please try again when you are back online.';

const WAITING_TEXT = 'Saved on this device; waiting to sync until the connection is back.';

export interface AddressListProps {
  selectable?: boolean;
  selectedId?: number | null;
  onSelect?(address: Address): void;
  readOnly?: boolean;
  /** 'cards' (default) or 'radio': a radio group, one address per option. */
  variant?: 'cards' | 'radio';
  /** Edit somewhere else (the address book's own panel); without it the list opens the panel as a dialog. */
  onEdit?(address: Address): void;
  /** Accessible name of the list. */
  label?: string;
}

export function AddressList({
  selectable,
  selectedId = null,
  onSelect,
  readOnly,
  variant = 'cards',
  onEdit,
  label = 'Delivery addresses',
}: AddressListProps) {
  const addresses = useQuery(addressesQueryOptions());
  const waiting = useQueuedAddressIds();
  const remove = useDeleteAddress();
  const setDefault = useSetDefaultAddress();
  const [busy, setBusy] = useState<{ id: number; kind: 'delete' | 'default' } | null>(null);
  const [confirming, setConfirming] = useState<Address | null>(null);
  const [editing, setEditing] = useState<Address | null>(null);

  if (addresses.isPending) {
    return (
      <p className="address-list__state" role="status">
        <span className="address-spinner" aria-hidden="true" /> Loading addresses…
      </p>
    );
  }
  if (addresses.isError) {
    return (
      <div className="address-list__state" role="alert">
        <p>Could not load your addresses. Check your connection and try again.</p>
        <button type="button" className="button button--outline" onClick={() => void addresses.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  if (addresses.data.length === 0) {
    return <p className="address-list__state">No saved addresses yet.</p>;
  }

  const changeDefault = (address: Address, isDefault: boolean) => {
    setBusy({ id: address.id, kind: 'default' });
    setDefault.mutate(
      { id: address.id, isDefault, label: address.formattedAddress },
      {
        onSuccess: ({ queued }) =>
          notify({ type: 'success', title: 'Default address updated', message: queued ? WAITING_TEXT : undefined }),
        onError: (error) =>
          notify({
            type: 'error',
            title: 'Failed',
            message: error instanceof NetworkError ? OFFLINE_HINT : 'Failed set default the address. Please try again',
          }),
        onSettled: () => setBusy(null),
      },
    );
  };

  const confirmDelete = (address: Address) => {
    setConfirming(null);
    setBusy({ id: address.id, kind: 'delete' });
    remove.mutate(
      { id: address.id, label: address.formattedAddress },
      {
        onSuccess: ({ queued }) =>
          notify({
            type: 'warning',
            title: 'Address Deleted',
            message: queued ? WAITING_TEXT : 'The address was removed from your address book.',
          }),
        onError: (error) =>
          notify({
            type: 'error',
            title: 'Delete failed',
            message: error instanceof NetworkError ? OFFLINE_HINT : 'The address cannot be deleted. Please try again.',
          }),
        onSettled: () => setBusy(null),
      },
    );
  };

  const edit = onEdit ?? setEditing;

  return (
    <>
      {variant === 'radio' ? (
        <div className="address-list address-list--radio" role="radiogroup" aria-label={label}>
          {addresses.data.map((address) => (
            <label
              key={address.id}
              className={`address-card address-card--radio${address.id === selectedId ? ' address-card--selected' : ''}`}
            >
              <input
                type="radio"
                name="address"
                className="address-card__radio"
                value={address.id}
                checked={address.id === selectedId}
                onChange={() => onSelect?.(address)}
              />
              <span className="address-card__radio-body">
                <AddressSummary address={address} readOnly={readOnly} />
              </span>
            </label>
          ))}
        </div>
      ) : (
        <ul className="address-list" aria-label={label}>
          {addresses.data.map((address) => (
            <li key={address.id}>
              <AddressCard
                address={address}
                selectable={selectable}
                selected={address.id === selectedId}
                readOnly={readOnly}
                busy={busy?.id === address.id ? busy.kind : null}
                waiting={waiting.has(address.id)}
                onSelect={onSelect}
                onSetDefault={changeDefault}
                onEdit={edit}
                onDelete={setConfirming}
              />
            </li>
          ))}
        </ul>
      )}
      {confirming ? (
        <Dialog title="Delete address" onClose={() => setConfirming(null)} className="address-confirm">
          <p>Are you sure you want to delete this address?</p>
          <p className="address-confirm__what">
            <strong>{addressDisplayLabel(confirming) ?? 'Unlabeled Address'}</strong>: {confirming.formattedAddress}
          </p>
          <div className="address-confirm__actions">
            <button type="button" className="button button--outline" data-autofocus onClick={() => setConfirming(null)}>
              Cancel
            </button>
            <button type="button" className="button button--danger" onClick={() => confirmDelete(confirming)}>
              Delete
            </button>
          </div>
        </Dialog>
      ) : null}
      {editing ? <AddressPanel address={editing} onDone={() => setEditing(null)} /> : null}
    </>
  );
}
