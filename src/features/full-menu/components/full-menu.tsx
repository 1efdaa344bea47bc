/**
 * The static full menu (spec §2 "Full menu page"), in Romanian, built from the same catalogue as
 * /menu. No ordering here: a box asks visitors to phone. The search term and the chosen category
 * live in the URL (the route owns them and passes them in).
 */
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';

import { ArrowLeftIcon, PhoneIcon, SearchIcon } from '../../../components/icons';
import { SkeletonCard, Spinner } from '../../../components/skeleton';
import { OpeningHoursInfo } from '../../../components/opening-hours-info';
import type { Menu } from '../../../shared/schemas/menu';
import type { Location } from '../../../shared/schemas/restaurant';
import { asBani, formatBaniDecimal } from '../../../shared/money';
import { matchesSearch, productCount } from '../search';
import './full-menu.css';

const PLACEHOLDER_IMAGE = '/images/menu/placeholder.svg';
const SKELETON_COUNT = 6;

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
  const isPending = status === 'pending';
  const isError = status === 'error';
  const categoriesById = useMemo(() => new Map((menu?.categories ?? []).map((c) => [c.id, c])), [menu]);
  const selectedCategory = menu?.categories.find((c) => c.slug === filters.category);
  const results = useMemo(
    () =>
      (menu?.items ?? []).filter(
        (item) => (!selectedCategory || item.categoryId === selectedCategory.id) && matchesSearch(item.name, filters.q),
      ),
    [menu, selectedCategory, filters.q],
  );
  const term = filters.q.trim();

  return (
    <div className="full-menu">
      <Link to="/" className="button button--outline full-menu__back">
        <ArrowLeftIcon size={18} /> Înapoi
      </Link>
      <header className="full-menu__header">
        <h1 className="full-menu__title">Meniul Complet</h1>
        {menu ? <p className="full-menu__total">{productCount(menu.items.length)}</p> : null}
      </header>

      <div className="full-menu__search">
        <SearchIcon size={18} />
        <label htmlFor="full-menu-search" className="visually-hidden">
          Caută produse
        </label>
        <input
          id="full-menu-search"
          type="search"
          placeholder="Caută produse..."
          value={filters.q}
          onChange={(event) => onFiltersChange({ ...filters, q: event.target.value })}
        />
      </div>

      <div className="full-menu__chips" role="group" aria-label="Filtrează după categorie">
        <button
          type="button"
          className="full-menu__chip"
          aria-pressed={!selectedCategory}
          onClick={() => onFiltersChange({ ...filters, category: '' })}
        >
          Toate
        </button>
        {menu?.categories.map((category) => (
          <button
            key={category.id}
            type="button"
            className="full-menu__chip"
            aria-pressed={selectedCategory?.id === category.id}
            onClick={() => onFiltersChange({ ...filters, category: category.slug })}
          >
            <span aria-hidden="true">{category.icon}</span> {category.name}
          </button>
        ))}
      </div>

      <aside className="full-menu__order-box" aria-labelledby="order-box-title">
        <h2 id="order-box-title">Pentru comenzi</h2>
        <p>Sună-ne și comandă telefonic preparatele preferate.</p>
        {phone ? (
          <a className="button" href={`tel:${phone.replace(/\s+/g, '')}`}>
            <PhoneIcon size={18} /> {phone}
          </a>
        ) : null}
        <div className="full-menu__hours">
          <p>Program:</p>
          <OpeningHoursInfo locations={locations} fallback={hours} />
        </div>
      </aside>

      {isPending ? (
        <>
          <Spinner label="Se încarcă meniul..." />
          <div className="full-menu__grid">
            {Array.from({ length: SKELETON_COUNT }, (_, i) => (
              <SkeletonCard key={i} />
            ))}
          </div>
        </>
      ) : null}
      {isError ? (
        <div className="full-menu__empty" role="alert">
          <p className="full-menu__empty-title">Meniul nu a putut fi încărcat.</p>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reîncearcă
          </button>
        </div>
      ) : null}

      {menu ? (
        <>
          <p className="full-menu__count" role="status">
            {productCount(results.length)}
            {term ? ` pentru „${term}”` : ''}
          </p>
          {results.length === 0 ? (
            <div className="full-menu__empty">
              <p className="full-menu__empty-title">Nu am găsit produse</p>
              <p>Încearcă să schimbi filtrele sau termenii de căutare</p>
              <button type="button" className="button" onClick={() => onFiltersChange({ q: '', category: '' })}>
                Resetează filtrele
              </button>
            </div>
          ) : (
            <ul className="full-menu__grid" aria-label="Produse">
              {results.map((item) => {
                const category = categoriesById.get(item.categoryId);
                return (
                  <li key={item.id} className="full-menu__card">
                    <p className="full-menu__banner">
                      <span aria-hidden="true">{category?.icon}</span> {category?.name}
                    </p>
                    <img
                      className="full-menu__image"
                      src={item.image ?? PLACEHOLDER_IMAGE}
                      alt=""
                      width={320}
                      height={240}
                      loading="lazy"
                      decoding="async"
                    />
                    <div className="full-menu__card-body">
                      <h2 className="full-menu__name">{item.name}</h2>
                      <p className="full-menu__unit">{item.unit}</p>
                      <p className="full-menu__price">{formatBaniDecimal(asBani(item.priceBani))} lei</p>
                      <span className="full-menu__tag">Tradițional românesc</span>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}
