/**
 * The signed-in customer's addresses (newest updated first), as cards or as a radio group, with
 * select, set/unset default, edit and delete (confirmed; a spinner on that card until done).
 * Used by the profile's address book and, composed by the checkout route, as its picker.
 *
 * Offline: the list shows the device copy; a delete or default change is queued in the outbox,
 * shown at once, and marked 'Waiting to sync' until the server has acknowledged it. A new address
 * added offline is shown above the list from its outbox entry (no actions: it has no server id yet)
 * until the server has it, or with the server's reason if it was refused.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { NetworkError } from '../../../lib/api-fetch';
import { notify } from '../../../lib/notify';
import type { Address } from '../../../shared/schemas/address';
import { addressDisplayLabel, blockDetailsLine } from '../../../shared/schemas/address';
import type { QueuedNewAddress } from '../queued-new';
import {
  addressesQueryOptions,
  useDeleteAddress,
  useQueuedAddressIds,
  useQueuedNewAddresses,
  useSetDefaultAddress,
} from '../api/addresses-api';
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
  const queuedNew = useQueuedNewAddresses();
  const remove = useDeleteAddress();
  const setDefault = useSetDefaultAddress();
  const [busy, setBusy] = useState<{ id: number; kind: 'delete' | 'default' } | null>(null);
  const [confirming, setConfirming] = useState<Address | null>(null);
  const [editing, setEditing] = useState<Address | null>(null);

  // The checkout picker lists only addresses the server has (an order needs a saved address).
  const queuedList = variant === 'cards' && queuedNew.length > 0 ? <QueuedNewAddressList addresses={queuedNew} /> : null;
  if (addresses.isPending) {
    return (
      <>
        {queuedList}
        <p className="address-list__state" role="status">
          <span className="address-spinner" aria-hidden="true" /> Loading addresses…
        </p>
      </>
    );
  }
  if (addresses.isError) {
    return (
      <>
        {queuedList}
        <div className="address-list__state" role="alert">
          <p>Could not load your addresses. Check your connection and try again.</p>
          <button type="button" className="button button--outline" onClick={() => void addresses.refetch()}>
            Retry
          </button>
        </div>
      </>
    );
  }
  if (addresses.data.length === 0) {
    return queuedList ?? <p className="address-list__state">No saved addresses yet.</p>;
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
      {queuedList}
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

/** New addresses added offline, from their outbox entries: waiting, or refused with the server's reason. */
function QueuedNewAddressList({ addresses }: { addresses: readonly QueuedNewAddress[] }) {
  return (
    <ul className="address-list address-list--queued" aria-label="New addresses waiting to sync">
      {addresses.map(({ id, input, refusal }) => {
        const block = blockDetailsLine({
          bloc: input.bloc,
          scara: input.scara,
          etaj: input.etaj,
          apartament: input.apartament,
          interfon: input.interfon,
        });
        return (
          <li key={id}>
            <article className="address-card address-card--queued" aria-label={addressDisplayLabel(input) ?? 'Unlabeled Address'}>
              <p className="address-card__label">{addressDisplayLabel(input) ?? 'Unlabeled Address'}</p>
              <p className="address-card__address">{input.formattedAddress}</p>
              {input.apartment || block ? (
                <p className="address-card__line">
                  <span className="address-card__key">Unit:</span> {[input.apartment, block].filter(Boolean).join(' · ')}
                </p>
              ) : null}
              {refusal ? (
                <p className="address-card__refused" role="alert">
                  Not added: {refusal} Open the sync status to retry or discard it.
                </p>
              ) : (
                <p className="address-card__waiting" role="status">
                  Waiting to sync: the restaurant checks delivery to this pin when you are back online.
                </p>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
