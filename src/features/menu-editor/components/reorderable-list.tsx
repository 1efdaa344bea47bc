/**
 * A list the manager reorders by dragging a row's handle (pointer events: mouse, pen and touch) or
 * from the keyboard: each row has Move up / Move down buttons, and Alt+Arrow Up/Down moves the row
 * whose control has focus. A drag is followed on the window (pointer events), not by pointer capture. A polite live region says where the row went. Both paths use the same
 * pure move (../reorder.ts) and report the complete new order once, when the move is over.
 */
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

import { useLocale, useT } from '../../../lib/i18n';
import { dropIndex, moveBy, movedAnnouncement, moveToIndex, sameOrder } from '../reorder';

type Id = number | string;

export interface ReorderableListProps<T> {
  items: readonly T[];
  idOf(item: T): Id;
  nameOf(item: T): string;
  /** The list's accessible name ("Categories"). */
  label: string;
  onReorder(ids: Id[], moved: T): void;
  /** `controls` holds the drag handle and the move buttons; `dragging` is true for the row being dragged. */
  renderItem(item: T, controls: ReactNode, dragging: boolean): ReactNode;
  disabled?: boolean;
  className?: string;
}

interface DragState {
  id: Id;
  pointerId: number;
  order: Id[];
}

export function ReorderableList<T>({
  items,
  idOf,
  nameOf,
  label,
  onReorder,
  renderItem,
  disabled,
  className = '',
}: ReorderableListProps<T>) {
  const t = useT();
  const locale = useLocale();
  const rows = useRef(new Map<Id, HTMLLIElement>());
  const [drag, setDrag] = useState<DragState | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<{ id: Id; delta: -1 | 1 } | null>(null);
  const ids = items.map(idOf);
  const byId = new Map(items.map((item) => [idOf(item), item]));
  const shown = drag ? drag.order.map((id) => byId.get(id)).filter((item): item is T => item !== undefined) : items;

  // React moves a reordered row's node, which can take the focus away: give it back to the button pressed.
  useLayoutEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const row = rows.current.get(target.id);
    const preferred = row?.querySelector<HTMLButtonElement>(`[data-move="${target.delta}"]:not(:disabled)`);
    (preferred ?? row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
  });

  const commit = (next: Id[], item: T) => {
    if (sameOrder(next, ids)) return;
    setAnnouncement(movedAnnouncement(nameOf(item), next.indexOf(idOf(item)), next.length, { t, locale }));
    onReorder(next, item);
  };

  const moveStep = (item: T, delta: -1 | 1) => {
    focusAfterMove.current = { id: idOf(item), delta };
    commit(moveBy(ids, idOf(item), delta), item);
  };

  const onHandleDown = (event: PointerEvent<HTMLSpanElement>, item: T) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    setDrag({ id: idOf(item), pointerId: event.pointerId, order: ids });
  };

  // While dragging, the window follows the pointer: the dragged row's node moves in the list, which
  // would end a pointer capture on its handle.
  const latest = useRef({ drag, byId, commit });
  useLayoutEffect(() => {
    latest.current = { drag, byId, commit };
  });
  const dragging = drag !== null;
  useEffect(() => {
    if (!dragging) return;
    const onMove = (event: globalThis.PointerEvent) => {
      const current = latest.current.drag;
      if (!current || event.pointerId !== current.pointerId) return;
      const middles = current.order
        .filter((id) => id !== current.id)
        .map((id) => {
          const rect = rows.current.get(id)?.getBoundingClientRect();
          return rect ? rect.top + rect.height / 2 : 0;
        });
      const next = moveToIndex(current.order, current.id, dropIndex(middles, event.clientY));
      if (!sameOrder(next, current.order)) setDrag({ ...current, order: next });
    };
    const onUp = (event: globalThis.PointerEvent) => {
      const current = latest.current.drag;
      if (!current || event.pointerId !== current.pointerId) return;
      const item = latest.current.byId.get(current.id);
      setDrag(null);
      if (item !== undefined) latest.current.commit(current.order, item);
    };
    const onCancel = () => setDrag(null);
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
    };
  }, [dragging]);

  const onRowKey = (event: KeyboardEvent<HTMLLIElement>, item: T) => {
    if (disabled || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    moveStep(item, event.key === 'ArrowUp' ? -1 : 1);
  };

  return (
    <>
      <ul className={`me-list ${className}`} aria-label={label}>
        {shown.map((item, index) => {
          const id = idOf(item);
          const name = nameOf(item);
          const rowDragging = drag?.id === id;
          const controls = (
            <span className="me-reorder">
              <span
                className="me-handle"
                aria-hidden="true"
                title={t('menu-editor.reorder.drag')}
                data-testid={`drag-${name}`}
                onPointerDown={(event) => onHandleDown(event, item)}
              >
                ⠿
              </span>
              <button
                type="button"
                className="icon-button me-move"
                data-move="-1"
                aria-label={t('menu-editor.reorder.up', { name })}
                disabled={disabled || index === 0}
                onClick={() => moveStep(item, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="icon-button me-move"
                data-move="1"
                aria-label={t('menu-editor.reorder.down', { name })}
                disabled={disabled || index === shown.length - 1}
                onClick={() => moveStep(item, 1)}
              >
                ↓
              </button>
            </span>
          );
          return (
            <li
              key={id}
              ref={(node) => {
                if (node) rows.current.set(id, node);
                else rows.current.delete(id);
              }}
              className={`me-list__row${rowDragging ? ' me-list__row--dragging' : ''}`}
              onKeyDown={(event) => onRowKey(event, item)}
            >
              {renderItem(item, controls, rowDragging)}
            </li>
          );
        })}
      </ul>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </>
  );
}
