/**
 * A list the manager reorders by dragging a row's handle (pointer events: mouse, pen and touch) or
 * from the keyboard: each row has Move up / Move down buttons, and Alt+Arrow Up/Down moves the row
 * whose control has focus. A polite live region says where the row went. Both paths use the same
 * pure move (../reorder.ts) and report the complete new order once, when the move is over.
 */
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';

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
    setAnnouncement(movedAnnouncement(nameOf(item), next.indexOf(idOf(item)), next.length));
    onReorder(next, item);
  };

  const moveStep = (item: T, delta: -1 | 1) => {
    focusAfterMove.current = { id: idOf(item), delta };
    commit(moveBy(ids, idOf(item), delta), item);
  };

  const onHandleDown = (event: PointerEvent<HTMLSpanElement>, item: T) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ id: idOf(item), pointerId: event.pointerId, order: ids });
  };

  const onHandleMove = (event: PointerEvent<HTMLSpanElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const middles = drag.order
      .filter((id) => id !== drag.id)
      .map((id) => {
        const rect = rows.current.get(id)?.getBoundingClientRect();
        return rect ? rect.top + rect.height / 2 : 0;
      });
    const next = moveToIndex(drag.order, drag.id, dropIndex(middles, event.clientY));
    if (!sameOrder(next, drag.order)) setDrag({ ...drag, order: next });
  };

  const onHandleUp = (event: PointerEvent<HTMLSpanElement>) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const item = byId.get(drag.id);
    setDrag(null);
    if (item !== undefined) commit(drag.order, item);
  };

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
          const dragging = drag?.id === id;
          const controls = (
            <span className="me-reorder">
              <span
                className="me-handle"
                aria-hidden="true"
                title="Drag to reorder"
                data-testid={`drag-${name}`}
                onPointerDown={(event) => onHandleDown(event, item)}
                onPointerMove={onHandleMove}
                onPointerUp={onHandleUp}
                onPointerCancel={() => setDrag(null)}
              >
                ⠿
              </span>
              <button
                type="button"
                className="icon-button me-move"
                data-move="-1"
                aria-label={`Move up: ${name}`}
                disabled={disabled || index === 0}
                onClick={() => moveStep(item, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="icon-button me-move"
                data-move="1"
                aria-label={`Move down: ${name}`}
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
              className={`me-list__row${dragging ? ' me-list__row--dragging' : ''}`}
              onKeyDown={(event) => onRowKey(event, item)}
            >
              {renderItem(item, controls, dragging)}
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
