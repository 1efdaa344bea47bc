/**
 * The profile's 'Delivery Addresses' tab: the customer's address list with add, edit, delete and
 * set/unset default, and the add/edit panel inline above the list (spec §2 Profile, Address panel).
 * Composed into /profile by the route; features never import each other.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';

import { useT, useWords } from '../../../lib/i18n';
import { useOnline } from '../../../lib/use-online';
import { addressBookReducer } from '../address-form-state';
import { scheduleOfflineMapWarm } from '../offline-map';
import { AddressList } from './address-list';
import { AddressPanel } from './address-panel';
import './addresses.css';

export function AddressBook() {
  useWords('pages');
  const [editing, dispatch] = useReducer(addressBookReducer, { mode: 'closed' });
  const online = useOnline();
  const t = useT();
  const close = () => dispatch({ type: 'close' });
  const queryClient = useQueryClient();
  // Online: have the map ready for an address added later without a connection (docs/decisions/0059-address-map-works-offline-once-seen-online.md).
  useEffect(() => (online ? scheduleOfflineMapWarm(queryClient) : undefined), [online, queryClient]);
  return (
    <div className="address-book">
      <div className="address-book__header">
        <h2 className="address-book__title">{t('addresses.book.title')}</h2>
        {editing.mode === 'closed' ? (
          <>
            <button
              type="button"
              className="button"
              aria-describedby={online ? undefined : 'address-add-offline'}
              onClick={() => dispatch({ type: 'add' })}
            >
              {t('addresses.book.add')}
            </button>
            {online ? null : (
              // Offline: the street is found on the device and the add is queued (docs/decisions/0058-a-new-address-can-be-added-offline.md).
              <p id="address-add-offline" className="address-form__offline">
                {t('addresses.book.offlineAdd')}
              </p>
            )}
          </>
        ) : null}
      </div>
      {editing.mode === 'add' ? <AddressPanel presentation="inline" onDone={close} /> : null}
      {editing.mode === 'edit' ? (
        // Keyed by id: switching to another address starts a fresh panel.
        <AddressPanel key={editing.address.id} presentation="inline" address={editing.address} onDone={close} />
      ) : null}
      <AddressList label={t('addresses.book.listLabel')} onEdit={(address) => dispatch({ type: 'edit', address })} />
    </div>
  );
}
