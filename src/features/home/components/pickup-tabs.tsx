/**
 * The pickup-menu tabs of the home page (spec §2 "Home", §4): one tab per category (id = slug, label
 * = the short label from the API). Switching shows six skeleton cards for 400 ms with the tabs
 * disabled; afterwards the panel shows the category, never item cards (those live on /menu).
 */
import { Link } from '@tanstack/react-router';
import type { KeyboardEvent } from 'react';
import { useEffect, useRef, useState } from 'react';

import { useMenuText } from '../../../components/menu-text';
import { CategoryIcon } from '../../../components/icons';
import { SkeletonCard } from '../../../components/skeleton';
import { useT } from '../../../lib/i18n';
import type { Menu } from '../../../shared/schemas/menu';
import './pickup-tabs.css';

export const HOME_TAB_LOADING_MS = 400;
export const HOME_TAB_SKELETON_COUNT = 6;

export function PickupTabs({ menu }: { menu: Menu | undefined }) {
  const t = useT();
  const text = useMenuText();
  const categories = menu?.categories ?? [];
  const [selected, setSelected] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const current = categories.find((c) => c.slug === selected) ?? categories[0];

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const choose = (slug: string) => {
    if (loading || slug === current?.slug) return;
    setSelected(slug);
    setLoading(true);
    timer.current = window.setTimeout(() => setLoading(false), HOME_TAB_LOADING_MS);
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = categories[(index + step + categories.length) % categories.length];
    if (next) tabRefs.current.get(next.slug)?.focus();
  };

  const count = current ? (menu?.items.filter((item) => item.categoryId === current.id).length ?? 0) : 0;
  const description = current ? text.description(current) : null;

  return (
    <section className="pickup" aria-labelledby="pickup-title">
      <h2 id="pickup-title" className="pickup__title">
        {t('home.pickup.title')}
      </h2>
      {categories.length === 0 ? (
        <div className="pickup__grid">
          {Array.from({ length: HOME_TAB_SKELETON_COUNT }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      ) : (
        <>
          <div className="pickup__tabs" role="tablist" aria-label={t('home.pickup.categories')}>
            {categories.map((category, index) => (
              <button
                key={category.id}
                ref={(element) => {
                  if (element) tabRefs.current.set(category.slug, element);
                }}
                id={`tab-${category.slug}`}
                type="button"
                role="tab"
                aria-selected={category.slug === current?.slug}
                aria-controls="pickup-panel"
                aria-disabled={loading || undefined}
                tabIndex={category.slug === current?.slug ? 0 : -1}
                className="pickup__tab"
                onClick={() => choose(category.slug)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <CategoryIcon icon={category.icon} /> {text.shortLabel(category)}
              </button>
            ))}
          </div>
          <div
            id="pickup-panel"
            role="tabpanel"
            aria-labelledby={current ? `tab-${current.slug}` : undefined}
            aria-busy={loading}
            className="pickup__panel"
          >
            {loading ? (
              <div className="pickup__grid" data-testid="pickup-skeletons">
                {Array.from({ length: HOME_TAB_SKELETON_COUNT }, (_, i) => (
                  <SkeletonCard key={i} />
                ))}
              </div>
            ) : current ? (
              <div className="pickup__summary">
                <p className="pickup__name">
                  <CategoryIcon icon={current.icon} /> {text.name(current)}
                </p>
                {description ? <p>{description}</p> : null}
                <p className="pickup__count">{t('home.pickup.count', { count })}</p>
                <Link to="/menu" hash={current.slug} className="button">
                  {t('home.pickup.seeProducts')}
                </Link>
              </div>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
