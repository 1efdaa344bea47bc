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
import { useT, useWords } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useErrorHandler } from '../../../lib/use-error-handler';
import type { Address } from '../../../shared/schemas/address';
import { blockDetailsLine } from '../../../shared/schemas/address';
import { addressLabelText } from '../format';
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

export interface AddressListProps {
  selectable?: boolean;
  selectedId?: number | null;
  onSelect?(address: Address): void;
  readOnly?: boolean;
  /** 'cards' (default) or 'radio': a radio group, one address per option. */
  variant?: 'cards' | 'radio';
  /** Edit somewhere else (the address book's own panel); without it the list opens the panel as a dialog. */
  onEdit?(address: Address): void;
  /** Accessible name of the list (default: 'Delivery addresses'). */
  label?: string;
}

export function AddressList({ selectable, selectedId = null, onSelect, readOnly, variant = 'cards', onEdit, label }: AddressListProps) {
  useWords('pages');
  const t = useT();
  const listLabel = label ?? t('addresses.list.label');
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
          <span className="address-spinner" aria-hidden="true" /> {t('addresses.list.loading')}
        </p>
      </>
    );
  }
  if (addresses.isError) {
    return (
      <>
        {queuedList}
        <div className="address-list__state" role="alert">
          <p>{t('addresses.list.loadFailed')}</p>
          <button type="button" className="button button--outline" onClick={() => void addresses.refetch()}>
            {t('addresses.list.retry')}
          </button>
        </div>
      </>
    );
  }
  if (addresses.data.length === 0) {
    return queuedList ?? <p className="address-list__state">{t('addresses.list.empty')}</p>;
  }

  const changeDefault = (address: Address, isDefault: boolean) => {
    setBusy({ id: address.id, kind: 'default' });
    setDefault.mutate(
      { id: address.id, isDefault, label: address.formattedAddress },
      {
        onSuccess: ({ queued }) =>
          notify({
            type: 'success',
            title: t('addresses.toast.defaultUpdated'),
            message: queued ? t('addresses.toast.waitingUntilBack') : undefined,
          }),
        onError: (error) =>
          notify({
            type: 'error',
            title: t('addresses.toast.failed'),
            message: error instanceof NetworkError ? t('addresses.toast.offlineChange') : t('addresses.toast.defaultFailed'),
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
            title: t('addresses.toast.deleted'),
            message: queued ? t('addresses.toast.waitingUntilBack') : t('addresses.toast.deletedMessage'),
          }),
        onError: (error) =>
          notify({
            type: 'error',
            title: t('addresses.toast.deleteFailed'),
            message: error instanceof NetworkError ? t('addresses.toast.offlineChange') : t('addresses.toast.deleteFailedMessage'),
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
        <div className="address-list address-list--radio" role="radiogroup" aria-label={listLabel}>
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
        <ul className="address-list" aria-label={listLabel}>
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
        <Dialog title={t('addresses.delete.title')} onClose={() => setConfirming(null)} className="address-confirm">
          <p>{t('addresses.delete.question')}</p>
          <p className="address-confirm__what">
            <strong>{addressLabelText(t, confirming)}</strong>: {confirming.formattedAddress}
          </p>
          <div className="address-confirm__actions">
            <button type="button" className="button button--outline" data-autofocus onClick={() => setConfirming(null)}>
              {t('addresses.cancel')}
            </button>
            <button type="button" className="button button--danger" onClick={() => confirmDelete(confirming)}>
              {t('addresses.card.delete')}
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
  const t = useT();
  const { describeRefusal } = useErrorHandler();
  return (
    <ul className="address-list address-list--queued" aria-label={t('addresses.queued.label')}>
      {addresses.map(({ id, input, refusal, refusalCode, refusalDetails }) => {
        const block = blockDetailsLine({
          bloc: input.bloc,
          scara: input.scara,
          etaj: input.etaj,
          apartament: input.apartament,
          interfon: input.interfon,
        });
        return (
          <li key={id}>
            <article className="address-card address-card--queued" aria-label={addressLabelText(t, input)}>
              <p className="address-card__label">{addressLabelText(t, input)}</p>
              <p className="address-card__address">{input.formattedAddress}</p>
              {input.apartment || block ? (
                <p className="address-card__line">
                  <span className="address-card__key">{t('addresses.card.unit')}</span>{' '}
                  {[input.apartment, block].filter(Boolean).join(' · ')}
                </p>
              ) : null}
              {refusal ? (
                <p className="address-card__refused" role="alert">
                  {t('addresses.queued.refused', {
                    reason:
                      describeRefusal({ lastError: refusal, lastErrorCode: refusalCode, lastErrorDetails: refusalDetails }) ?? refusal,
                  })}
                </p>
              ) : (
                <p className="address-card__waiting" role="status">
                  {t('addresses.queued.waiting')}
                </p>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}
