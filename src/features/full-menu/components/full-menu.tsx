/**
 * The static full menu (spec §2 "Full menu page"), in Romanian, built from the same catalogue as
 * /menu. No ordering here: a box asks visitors to phone. The search term and the chosen category
 * live in the URL (the route owns them and passes them in).
 */
import { Link } from '@tanstack/react-router';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';

import { useMenuText } from '../../../components/menu-text';
import { useDishWords } from '../../../components/dish-words';
import { ArrowLeftIcon, CategoryIcon, PhoneIcon, SearchIcon } from '../../../components/icons';
import { SkeletonCard, Spinner } from '../../../components/skeleton';
import { OpeningHoursInfo } from '../../../components/opening-hours-info';
import { useLocale, useT } from '../../../lib/i18n';
import { hasDishFacts, photoSources } from '../../../shared/dish-facts';
import type { Menu, MenuCategory, MenuItem } from '../../../shared/schemas/menu';
import { ALLERGEN_CODES } from '../../../shared/schemas/menu';
import type { Location } from '../../../shared/schemas/restaurant';
import { useNearScreenBatches } from '../../../lib/near-screen-batches';
import { cardBatches, isWatchedBox } from '../../../shared/menu-layout';
import { asBani, formatLei } from '../../../shared/money';
import type { DietChoice, DishFilter } from '../dish-filter';
import { isDishFilterActive, NO_DISH_FILTER, passesDishFilter, toggleHiddenAllergen } from '../dish-filter';
import { nameMatchesSearch } from '../search';
import './full-menu.css';

const PLACEHOLDER_IMAGE = '/images/menu/placeholder.svg';
const SKELETON_COUNT = 6;
/** The cards' grid: columns of at least 240 px (full-menu.css), one on a phone. */
const FULL_MENU_PHOTO_SIZES = '(max-width: 599.98px) 100vw, 320px';
/**
 * The typed term goes into the URL this long after the last keystroke: a router
 * navigation per keystroke made typing lag; the box and the results follow every keystroke at once.
 */
export const SEARCH_URL_DELAY_MS = 300;

export interface FullMenuFilters {
  q: string;
  /** Category slug, or '' for 'Toate'. */
  category: string;
}

export function FullMenu({
  menu,
  status,
  filters,
  onFiltersChange,
  phone,
  hours,
  locations,
}: {
  filters: FullMenuFilters;
  onFiltersChange(next: FullMenuFilters): void;
  phone: string | undefined;
  /** The fallback schedule text while the locations are unknown. */
  hours: string;
  /** The locations with their weekly hours and exceptions (the route reads them with the restaurant). */
  locations: readonly Location[] | undefined;
  /** The catalogue (the route reads it through the menu feature's query: one source with /menu). */
  menu: Menu | undefined;
  status: 'pending' | 'error' | 'success';
}) {
  const t = useT();
  const text = useMenuText();
  const isPending = status === 'pending';
  const isError = status === 'error';
  const { typed, deferredTerm, type, change, changeCategory, adoptTypedBeforeHydration } = useSearchBox(filters, onFiltersChange);
  const categoriesById = useMemo(() => new Map((menu?.categories ?? []).map((c) => [c.id, c])), [menu]);
  const selectedCategory = menu?.categories.find((c) => c.slug === filters.category);
  const [dishFilter, setDishFilter] = useState<DishFilter>(NO_DISH_FILTER);
  // The list follows a deferred copy of the term: a keystroke paints the box first, the list after.
  const results = useMemo(
    () =>
      (menu?.items ?? []).filter(
        (item) =>
          (!selectedCategory || item.categoryId === selectedCategory.id) &&
          nameMatchesSearch(item, deferredTerm) &&
          passesDishFilter(item, dishFilter),
      ),
    [menu, selectedCategory, deferredTerm, dishFilter],
  );
  const term = deferredTerm.trim();

  return (
    <div className="full-menu">
      <Link to="/" className="button button--outline full-menu__back">
        <ArrowLeftIcon size={18} /> {t('full-menu.back')}
      </Link>
      <header className="full-menu__header">
        <h1 className="full-menu__title">{t('full-menu.title')}</h1>
        {menu ? <p className="full-menu__total">{t('full-menu.count', { count: menu.items.length })}</p> : null}
      </header>

      <div className="full-menu__search">
        <SearchIcon size={18} />
        <label htmlFor="full-menu-search" className="visually-hidden">
          {t('full-menu.search.label')}
        </label>
        <input
          id="full-menu-search"
          type="search"
          placeholder={t('full-menu.search.placeholder')}
          ref={adoptTypedBeforeHydration}
          value={typed}
          onChange={(event) => type(event.target.value)}
        />
      </div>

      <div className="full-menu__chips" role="group" aria-label={t('full-menu.categories.label')}>
        <button type="button" className="full-menu__chip" aria-pressed={!selectedCategory} onClick={() => changeCategory('')}>
          {t('full-menu.categories.all')}
        </button>
        {menu?.categories.map((category) => (
          <button
            key={category.id}
            type="button"
            className="full-menu__chip"
            aria-pressed={selectedCategory?.id === category.id}
            onClick={() => changeCategory(category.slug)}
          >
            <CategoryIcon icon={category.icon} /> {text.name(category)}
          </button>
        ))}
      </div>

      <aside className="full-menu__order-box" aria-labelledby="order-box-title">
        <h2 id="order-box-title">{t('full-menu.order.title')}</h2>
        <p>{t('full-menu.order.text')}</p>
        {phone ? (
          <a className="button" href={`tel:${phone.replace(/\s+/g, '')}`}>
            <PhoneIcon size={18} /> {phone}
          </a>
        ) : null}
        <div className="full-menu__hours">
          <p>{t('full-menu.order.hours')}</p>
          <OpeningHoursInfo locations={locations} fallback={hours} />
        </div>
      </aside>

      {menu ? <DishFilterPanel filter={dishFilter} onChange={setDishFilter} /> : null}

      {isPending ? (
        <>
          <Spinner label={t('full-menu.loading')} />
          <div className="full-menu__grid">
            {Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <SkeletonCard key={i} />
            ))}
          </div>
        </>
      ) : null}
      {isError ? (
        <div className="full-menu__empty" role="alert">
          <p className="full-menu__empty-title">{t('full-menu.error')}</p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('full-menu.retry')}
          </button>
        </div>
      ) : null}

      {menu ? (
        <>
          <p className="full-menu__count" role="status">
            {t('full-menu.count', { count: results.length })}
            {term ? ` ${t('full-menu.countFor', { term })}` : ''}
          </p>
          {results.length === 0 ? (
            <div className="full-menu__empty">
              <p className="full-menu__empty-title">{t('full-menu.empty.title')}</p>
              <p>{t('full-menu.empty.text')}</p>
              <button
                type="button"
                className="button"
                onClick={() => {
                  setDishFilter(NO_DISH_FILTER);
                  change({ q: '', category: '' });
                }}
              >
                {t('full-menu.empty.reset')}
              </button>
            </div>
          ) : (
            <FullMenuCards
              results={results}
              listKey={`${filters.category}|${term}|${[...dishFilter.hiddenAllergens].join(',')}|${dishFilter.diet ?? ''}`}
              categoriesById={categoriesById}
            />
          )}
        </>
      ) : null}
    </div>
  );
}

const DIET_CHOICES: readonly DietChoice[] = ['vegetarian', 'vegan'];

/**
 * "Hide dishes containing…" (issue 18): a chip per allergen and Vegetarian / Vegan, folded away until
 * opened so the list stays near the top on a phone. Toggle buttons (aria-pressed), like the category chips.
 */
function DishFilterPanel({ filter, onChange }: { filter: DishFilter; onChange(next: DishFilter): void }) {
  const t = useT();
  const words = useDishWords();
  const active = isDishFilterActive(filter);
  const count = filter.hiddenAllergens.size + (filter.diet ? 1 : 0);
  // Open or folded as the person left it: "Show all dishes" must not fold the chips away under them.
  const [open, setOpen] = useState(false);
  return (
    <details className="full-menu__diet" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="full-menu__diet-summary">
        {t('full-menu.diet.summary')}
        {active ? ` (${count})` : ''}
      </summary>
      <div className="full-menu__chips" role="group" aria-label={t('full-menu.diet.hideLabel')}>
        {ALLERGEN_CODES.map((code) => (
          <button
            key={code}
            type="button"
            className="full-menu__chip"
            aria-pressed={filter.hiddenAllergens.has(code)}
            onClick={() => onChange(toggleHiddenAllergen(filter, code))}
          >
            {words.allergenShort(code)}
          </button>
        ))}
      </div>
      <div className="full-menu__chips" role="group" aria-label={t('full-menu.diet.showOnly')}>
        {DIET_CHOICES.map((diet) => (
          <button
            key={diet}
            type="button"
            className="full-menu__chip"
            aria-pressed={filter.diet === diet}
            onClick={() => onChange({ ...filter, diet: filter.diet === diet ? null : diet })}
          >
            {words.tag(diet)}
          </button>
        ))}
        {active ? (
          <button type="button" className="button button--outline full-menu__diet-clear" onClick={() => onChange(NO_DISH_FILTER)}>
            {t('full-menu.diet.showAll')}
          </button>
        ) : null}
      </div>
    </details>
  );
}

/**
 * The results, drawn near the screen only (src/lib/near-screen-batches.ts): with 2,000 dishes, each
 * keystroke used to add or remove thousands of cards in one commit. Boxes stand in for the rest.
 */
function FullMenuCards({
  results,
  listKey,
  categoriesById,
}: {
  results: readonly MenuItem[];
  /** The search and category the results are for: another one starts drawing from the top again. */
  listKey: string;
  categoriesById: ReadonlyMap<number, MenuCategory>;
}) {
  const t = useT();
  const { drawnBatches, container } = useNearScreenBatches<HTMLUListElement>(listKey, results.length);
  return (
    <ul ref={container} className="full-menu__grid" aria-label={t('full-menu.products')}>
      {cardBatches(results, drawnBatches).map(({ batch, items, drawn }) =>
        drawn
          ? items.map((item) => <FullMenuCard key={item.id} item={item} category={categoriesById.get(item.categoryId)} />)
          : items.map((item, index) => (
              <li
                key={`box-${item.id}`}
                className="full-menu__card full-menu__card--deferred"
                aria-hidden="true"
                data-batch={batch}
                data-watched={isWatchedBox(index, items.length) ? '' : undefined}
              />
            )),
      )}
    </ul>
  );
}

/** One product; memoised, so narrowing the results only removes cards and never re-renders the others. */
const FullMenuCard = memo(function FullMenuCard({ item, category }: { item: MenuItem; category: MenuCategory | undefined }) {
  const t = useT();
  const locale = useLocale();
  const text = useMenuText();
  const words = useDishWords();
  return (
    <li className="full-menu__card">
      <p className="full-menu__banner">
        {category ? <CategoryIcon icon={category.icon} /> : null} {category ? text.name(category) : null}
      </p>
      {item.photo ? (
        <picture>
          <source type="image/avif" srcSet={photoSources(item.photo).avifSrcSet} sizes={FULL_MENU_PHOTO_SIZES} />
          <source type="image/webp" srcSet={photoSources(item.photo).webpSrcSet} sizes={FULL_MENU_PHOTO_SIZES} />
          <img
            className="full-menu__image"
            src={photoSources(item.photo).src}
            alt=""
            width={item.photo.width}
            height={item.photo.height}
            loading="lazy"
            decoding="async"
          />
        </picture>
      ) : (
        <img
          className="full-menu__image"
          src={item.image ?? PLACEHOLDER_IMAGE}
          alt=""
          width={320}
          height={240}
          loading="lazy"
          decoding="async"
        />
      )}
      <div className="full-menu__card-body">
        <h2 className="full-menu__name">{text.name(item)}</h2>
        <p className="full-menu__unit">{item.unit}</p>
        <p className="full-menu__price">{formatLei(asBani(item.priceBani), locale)}</p>
        {hasDishFacts(item) ? (
          <p className="full-menu__facts">
            {item.dietaryTags.map(words.tag).join(', ')}
            {item.dietaryTags.length > 0 && item.allergens.length > 0 ? ' · ' : ''}
            {item.allergens.length > 0 ? t('full-menu.card.allergens', { allergens: words.allergenLine(item.allergens) }) : ''}
          </p>
        ) : null}
        <span className="full-menu__tag">{t('full-menu.card.tag')}</span>
      </div>
    </li>
  );
});

/**
 * The search box's own state: what is typed shows at once, reaches the URL SEARCH_URL_DELAY_MS
 * after the last keystroke, and a chip or the reset button writes the URL at once with the term
 * as typed (a pending write is dropped, never applied late over it). A URL change from elsewhere
 * (back button, the header's search) replaces what is typed.
 */
function useSearchBox(filters: FullMenuFilters, onFiltersChange: (next: FullMenuFilters) => void) {
  const [typed, setTyped] = useState(filters.q);
  // The URL's q at the last render, and the last q this box wrote there. Only a change of the URL to a
  // q this box did not write comes from elsewhere. (Comparing the URL with what was written, instead
  // of with its own last value, read a render between a write and the router's commit, still showing
  // the old q, as a change from elsewhere, and put the old term back in the box.)
  const [seenQ, setSeenQ] = useState(filters.q);
  const [writtenQ, setWrittenQ] = useState(filters.q);
  // What the box holds this instant: a chip tapped right after a keystroke, before React has drawn
  // that keystroke (a busy phone), must still write the term as typed, not the last drawn one.
  const typedNow = useRef(filters.q);
  if (filters.q !== seenQ) {
    setSeenQ(filters.q);
    if (filters.q !== writtenQ) {
      setWrittenQ(filters.q);
      setTyped(filters.q);
    }
  }
  // A term the URL brought in from elsewhere is what the box holds now too.
  useEffect(() => {
    typedNow.current = typed;
  }, [typed]);
  const latest = useRef({ filters, onFiltersChange });
  useEffect(() => {
    latest.current = { filters, onFiltersChange };
  });
  const pending = useRef<number | null>(null);
  const cancelPending = () => {
    if (pending.current !== null) window.clearTimeout(pending.current);
    pending.current = null;
  };
  useEffect(() => cancelPending, []);
  const change = (next: FullMenuFilters) => {
    cancelPending();
    typedNow.current = next.q;
    setTyped(next.q);
    setWrittenQ(next.q);
    latest.current.onFiltersChange(next);
  };
  const type = (q: string) => {
    typedNow.current = q;
    setTyped(q);
    cancelPending();
    pending.current = window.setTimeout(() => {
      pending.current = null;
      setWrittenQ(q);
      latest.current.onFiltersChange({ ...latest.current.filters, q });
    }, SEARCH_URL_DELAY_MS);
  };
  /**
   * Text typed into the server-rendered box before the app hydrated it (docs/decisions/0155): React
   * keeps the box's text but starts from the server's term, so the box's text is taken as typed and
   * the results follow it; nothing typed early is lost. A no-op once the box and the state agree.
   */
  const adoptTypedBeforeHydration = (input: HTMLInputElement | null) => {
    if (input && input.value !== typedNow.current) type(input.value);
  };
  /** A chip or reset: the URL gets `category` with the term as typed this instant. */
  const changeCategory = (category: string) => change({ q: typedNow.current, category });
  return { typed, deferredTerm: useDeferredValue(typed), type, change, changeCategory, adoptTypedBeforeHydration };
}
