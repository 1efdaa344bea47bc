/**
 * The interactive menu (spec §2 "Menu screen"): sticky category bar with scroll-spy, promo banner,
 * loading and error states, one section per category with its item count, item cards and the
 * customisation dialog. The cart is another feature: the route passes in quantities and `onAdd`.
 */
import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { Fragment, lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

import { useMenuText } from '../../../components/menu-text';
import { CategoryIcon } from '../../../components/icons';
import { PromoBanner } from '../../../components/promo-banner';
import { Spinner } from '../../../components/skeleton';
import { elementTimingSupported, MENU_RENDERED_MARK } from '../../../lib/first-paint-mark';
import { useT } from '../../../lib/i18n';
import { onIdle } from '../../../lib/idle';
import { useServerNow } from '../../../entities/restaurant/api/server-clock';
import type { CartAddition } from '../../../shared/domain/cart';
import type { MenuItem } from '../../../shared/schemas/menu';
import { menuQueryOptions } from '../../../entities/menu/api/get-menu';
import { useScrollSpy } from '../scroll-spy';
import { useAddWithToast } from '../use-add-with-toast';
import { CategoryBar } from './category-bar';
import type { ItemDialog as ItemDialogFunction } from './item-dialog';
import { MenuFreshnessNotice } from './menu-freshness-notice';
import { SectionCards } from './section-cards';
import './menu-screen.css';

export interface MenuScreenProps {
  quantities: ReadonlyMap<number, number>;
  onAdd(addition: CartAddition): Promise<void>;
  cakesShopUrl: string | undefined;
  /** Rendered at the top, above the category bar (the closed-restaurant notice). */
  notice?: ReactNode;
  /** Rendered after the sections (the floating cart button). */
  children?: ReactNode;
}

type ItemDialogComponent = typeof ItemDialogFunction;
/**
 * The customisation dialog is not part of the first paint (nor of its bundle): its code loads while the
 * browser is idle after the cards are on screen, so it is there before anyone can tap a card; a tap
 * that comes sooner waits for it through the lazy component.
 */
let loadedItemDialog: ItemDialogComponent | null = null;
const loadItemDialog = () =>
  import('./item-dialog').then((module) => {
    loadedItemDialog = module.ItemDialog;
    return module.ItemDialog;
  });
const LazyItemDialog = lazy(() => loadItemDialog().then((component) => ({ default: component })));
/**
 * Sections in the menu's first commit: more than a phone's first screen. The rest follow in a
 * transition, which React renders in slices between which the browser stays responsive; ~50 cards in
 * one synchronous render were the longest task of a slow phone's page load.
 */
const FIRST_COMMIT_SECTIONS = 2;
/** Availability windows start and end on whole minutes: the cards are checked again each minute. */
export const AVAILABILITY_TICK_MS = 60_000;

export function MenuScreen({ quantities, onAdd, cakesShopUrl, notice, children }: MenuScreenProps) {
  const t = useT();
  const text = useMenuText();
  const { data: menu, isPending, isError, error } = useQuery(menuQueryOptions());
  const addWithToast = useAddWithToast(onAdd);
  // The server's clock (it refuses a dish outside its window), as this device estimates it.
  const nowMs = useServerNow(AVAILABILITY_TICK_MS);
  const [openItem, setOpenItem] = useState<{ item: MenuItem; opening: number } | null>(null);
  // One stable callback for every card, so the memoised cards skip re-rendering (a tap answers quickly).
  const openCard = useMemo(
    () => (item: MenuItem) => {
      const open = () => setOpenItem((current) => ({ item, opening: (current?.opening ?? 0) + 1 }));
      // A tap before the idle preload has finished waits for the chunk here, not inside Suspense, whose
      // reveal React paces with a timer (a frozen page clock, or a busy phone, would hold it back).
      if (loadedItemDialog) open();
      else void loadItemDialog().then(open, open);
    },
    [],
  );
  const categories = menu?.categories;
  const ids = useMemo(() => (categories ?? []).map((c) => c.slug), [categories]);
  const { active, scrollToSection } = useScrollSpy(ids);
  const [sectionLimit, setSectionLimit] = useState(FIRST_COMMIT_SECTIONS);
  const allSectionsShown = sectionLimit >= ids.length;
  useEffect(() => {
    if (!allSectionsShown) startTransition(() => setSectionLimit(Number.POSITIVE_INFINITY));
  }, [allSectionsShown]);
  // A category tapped before the transition has drawn its section draws everything at once first.
  const showSection = useCallback(
    (id: string) => {
      if (!document.getElementById(id)) flushSync(() => setSectionLimit(Number.POSITIVE_INFINITY));
      scrollToSection(id);
    },
    [scrollToSection],
  );

  const itemsByCategory = useMemo(() => {
    const map = new Map<number, MenuItem[]>();
    for (const item of menu?.items ?? []) map.set(item.categoryId, [...(map.get(item.categoryId) ?? []), item]);
    return map;
  }, [menu]);

  useEffect(() => {
    if (isError) console.warn('Failed to load items', error);
  }, [isError, error]);

  useEffect(() => {
    // The offline-paint benchmark reads this mark: the moment menu cards are on screen (from Element Timing where the
    // browser has it, first-paint-mark.ts).
    if (menu && !elementTimingSupported) performance.mark(MENU_RENDERED_MARK);
  }, [menu]);

  const hasMenu = menu !== undefined;
  useEffect(() => (hasMenu && !loadedItemDialog ? onIdle(() => void loadItemDialog().catch(() => undefined)) : undefined), [hasMenu]);
  const ItemDialog: ComponentType<Parameters<ItemDialogComponent>[0]> = loadedItemDialog ?? LazyItemDialog;

  // A link to /menu#<category> (home tabs) scrolls to that section once it exists.
  const hashHandled = useRef(false);
  useEffect(() => {
    if (hashHandled.current || ids.length === 0 || !allSectionsShown) return;
    hashHandled.current = true;
    const hash = decodeURIComponent(window.location.hash.slice(1));
    if (ids.includes(hash)) scrollToSection(hash);
  }, [ids, scrollToSection, allSectionsShown]);

  return (
    <div className="menu-screen">
      <h1 className="visually-hidden">{t('menu.title')}</h1>
      {notice}
      <CategoryBar categories={isError ? [] : categories} active={active} onSelect={showSection} />
      <PromoBanner href={cakesShopUrl} placement="top" />
      {menu?.staleSince ? <MenuFreshnessNotice fetchedAt={menu.fetchedAt} /> : null}
      {isPending ? <Spinner label={t('menu.loading')} /> : null}
      {isError ? (
        <div className="menu-error" role="alert">
          <p className="menu-error__title">{t('menu.error.title')}</p>
          <p>{t('menu.error.text')}</p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
      {menu?.categories.slice(0, sectionLimit).map((category, categoryIndex) => {
        const items = itemsByCategory.get(category.id) ?? [];
        const titleId = `${category.slug}-title`;
        return (
          <Fragment key={category.id}>
            <section id={category.slug} className="menu-section" aria-labelledby={titleId}>
              <h2 id={titleId} className="menu-section__title">
                <CategoryIcon icon={category.icon} /> {text.name(category)}{' '}
                <span className="menu-section__count">{items.length > 0 ? `(${items.length})` : t('menu.section.noItemsCount')}</span>
              </h2>
              {items.length === 0 ? (
                <p className="menu-section__empty">{t('menu.section.empty')}</p>
              ) : (
                <SectionCards
                  items={items}
                  pageTotal={menu.items.length}
                  firstSection={categoryIndex === 0}
                  quantities={quantities}
                  onOpen={openCard}
                  nowMs={nowMs}
                />
              )}
            </section>
            {/* On a phone the cakes follow the first category's dishes, not above every dish (issue 27). */}
            {categoryIndex === 0 ? <PromoBanner href={cakesShopUrl} placement="after-first-section" /> : null}
          </Fragment>
        );
      })}
      {openItem ? (
        <Suspense fallback={null}>
          <ItemDialog
            key={openItem.opening}
            // The live item: a sold-out mark arriving while the dialog is open applies at once.
            item={menu?.items.find((i) => i.id === openItem.item.id) ?? openItem.item}
            onClose={() => setOpenItem(null)}
            onAdd={(addition) => {
              setOpenItem(null);
              addWithToast(addition, openItem.item);
            }}
          />
        </Suspense>
      ) : null}
      {children}
    </div>
  );
}
