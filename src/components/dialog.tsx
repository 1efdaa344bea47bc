/**
 * The one modal dialog primitive (item customisation, cart drawer, search, others' login modal).
 * A native <dialog> opened with showModal() makes the rest of the page inert; on top of that Tab
 * and Shift+Tab cycle inside it (usable by keyboard alone), Escape and a click on the backdrop close it, and on
 * close focus returns to the element that opened it. Mount it only while open: its content then
 * starts fresh on every opening (spec: the item dialog resets each time).
 */
import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';

import { useT } from '../lib/i18n';
import { CloseIcon } from './icons';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** 'center' (default) or 'drawer' (full height on the right). */
  variant?: 'center' | 'drawer';
  /** Extra content next to the title (a count badge). */
  titleExtra?: ReactNode;
  /** Accessible name of the close button (default: Close, in the screen's language). */
  closeLabel?: string;
  className?: string;
  /** Hide the visible title (it still names the dialog). */
  hideTitle?: boolean;
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
}

export function Dialog({ title, onClose, children, variant = 'center', titleExtra, closeLabel, className = '', hideTitle }: DialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(dialog)[0];
    first?.focus();
    document.documentElement.classList.add('has-modal');
    return () => {
      if (dialog.open) dialog.close();
      document.documentElement.classList.remove('has-modal');
      // Return focus to whatever opened the dialog, if it is still on the page.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${variant} ${className}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Tab' || !ref.current) return;
        const items = focusables(ref.current);
        if (items.length === 0) return;
        const first = items[0]!;
        const last = items[items.length - 1]!;
        if (event.shiftKey && (document.activeElement === first || !ref.current.contains(document.activeElement))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      <div className="dialog__panel">
        <div className={`dialog__header${hideTitle ? ' dialog__header--bare' : ''}`}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
            {title}
          </h2>
          {titleExtra}
          <button
            type="button"
            className="icon-button dialog__close"
            aria-label={closeLabel ?? t('common.close')}
            onClick={() => onCloseRef.current()}
          >
            <CloseIcon />
          </button>
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}
