/**
 * Drawing a long list near the screen only (issue 26, row G3; src/shared/menu-layout.ts): the list
 * marks the boxes standing in for batches not drawn yet with `data-batch` (and `data-watched` on the
 * ones to watch); this hook watches those inside `container` and adds a batch to the drawn set when
 * one of its boxes comes within MENU_DRAW_AHEAD_PX of the screen. A drawn batch stays drawn until
 * `listKey` changes (another search, another category: the positions mean other dishes).
 */
import type { RefObject } from 'react';
import { startTransition, useEffect, useRef, useState } from 'react';

import { isDrawnWhole, MENU_DRAW_AHEAD_PX } from '../shared/menu-layout';

const NONE_DRAWN: ReadonlySet<number> = new Set();

export function useNearScreenBatches<E extends HTMLElement>(
  listKey: unknown,
  /** The list's length: a list that grew has new boxes to watch. */
  itemCount: number,
  /** Dishes on the whole page (a menu's sections together); a page drawn whole has no boxes. */
  pageTotal: number = itemCount,
): { drawnBatches: ReadonlySet<number>; container: RefObject<E | null> } {
  const [state, setState] = useState<{ listKey: unknown; drawn: ReadonlySet<number> }>(() => ({ listKey, drawn: NONE_DRAWN }));
  const drawnBatches = state.listKey === listKey ? state.drawn : NONE_DRAWN;
  if (state.listKey !== listKey) setState({ listKey, drawn: drawnBatches });
  const container = useRef<E>(null);

  useEffect(() => {
    if (isDrawnWhole(pageTotal) || !container.current) return;
    // The batches come in a transition: React draws them between the browser's frames, so a scroll
    // or a tap is never held up by them.
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.filter((entry) => entry.isIntersecting).map((entry) => Number((entry.target as HTMLElement).dataset.batch));
        if (near.length > 0) {
          startTransition(() =>
            setState((current) => (current.listKey === listKey ? { listKey, drawn: new Set([...current.drawn, ...near]) } : current)),
          );
        }
      },
      { rootMargin: `${MENU_DRAW_AHEAD_PX}px 0px` },
    );
    for (const box of container.current.querySelectorAll('[data-watched]')) observer.observe(box);
    return () => observer.disconnect();
  }, [itemCount, pageTotal, drawnBatches, listKey]);

  return { drawnBatches, container };
}
