/**
 * Add / edit an address (spec §2 Address add/edit panel, §4 Address form, §5 rules): the panel
 * around the form, as a modal dialog or inline in the page.
 *
 * Flow: search (>= 3 trimmed characters, 300 ms debounce) -> choose a suggestion -> the server
 * validates it -> the house number, or an explicit "no house number" (issue 27; pre-filled when the
 * suggestion has one) -> the customer places or confirms the pin on the map (the embedded gazetteer
 * has no coordinates) -> the server decides the zone from the pin -> save, below the map, enabled
 * only when the address is valid AND deliverable AND the number is answered. A map click or drag
 * runs a reverse lookup (500 ms debounce) and re-validation. Cancel or a successful save closes the
 * panel, which discards its state.
 *
 * Where each part lives: the state and every decision without the network in
 * ../address-form-state.ts (tested in node); one hook per effect in ../hooks (the search query,
 * the place check, the pin lookup, the save); the form and its small components beside this file.
 *
 * The map loads lazily (React.lazy): MapLibre is never part of the initial bundle. For keyboard
 * users and automation the pin can also be set from typed coordinates. What the panel says about
 * the map depends on whether it shows streets (pin-wording.ts): the default offline style does not.
 *
 * An address saved before the house-number rule opens with the number empty and a note: it still
 * orders as it is, but saving an edit needs the number (or "no house number").
 *
 * Offline: the street is found and checked on the device, the pin placed on the map or typed, and
 * the save queued in the outbox; the server decides the zone when it arrives (address-form.tsx).
 */
import { useEffect, useId, useRef } from 'react';

import { Dialog } from '../../../components/dialog';
import { useT, useWords } from '../../../lib/i18n';
import type { Address } from '../../../shared/schemas/address';
import { AddressForm } from './address-form';
import './addresses.css';

export interface AddressPanelProps {
  /** The address to edit; absent: add a new one. */
  address?: Address;
  /** Called after a save or a cancel; the caller unmounts the panel, which resets it. */
  onDone(): void;
  /** 'dialog' (default, modal with focus trap) or 'inline' (a section in the page). */
  presentation?: 'dialog' | 'inline';
}

export function AddressPanel({ address, onDone, presentation = 'dialog' }: AddressPanelProps) {
  useWords('pages');
  const t = useT();
  const title = address ? t('addresses.panel.editTitle') : t('addresses.book.add');
  const titleId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  // Inline, the panel opens on a button press: move focus into it (the dialog does this itself).
  useEffect(() => {
    if (presentation === 'inline') sectionRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [presentation]);
  if (presentation === 'dialog') {
    return (
      <Dialog title={title} onClose={onDone} className="address-dialog">
        <AddressForm address={address} onDone={onDone} />
      </Dialog>
    );
  }
  return (
    <section ref={sectionRef} className="address-panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="address-panel__title">
        {title}
      </h2>
      <AddressForm address={address} onDone={onDone} />
    </section>
  );
}
