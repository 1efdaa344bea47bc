/**
 * The header's search (issue 27): live results as you type, each dish with its add button, which
 * opens the dish's dialog (as a menu card's button does, spec §2) over the search; the search stays
 * open behind it for the next dish. It used to send the term to the full menu, where nothing can be
 * ordered and the results sat below the fold. Loaded on the first click (not part of the first load).
 *
 * Offline: the menu is the stored one and adding works (the cart is on the device, cart-repo).
 */
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';

import { useMenuText } from '../../../components/menu-text';
import { Dialog } from '../../../components/dialog';
import { SearchIcon } from '../../../components/icons';
import { useLocale, useT } from '../../../lib/i18n';

import type { CartAddition } from '../../../shared/domain/cart';
import type { MenuItem } from '../../../shared/schemas/menu';
import { asBani, formatLei } from '../../../shared/money';
import { menuQueryOptions } from '../../../entities/menu/api/get-menu';
import { searchMenu } from '../menu-search';
import { useAddWithToast } from '../use-add-with-toast';
import { ItemDialog } from './item-dialog';
import { PLACEHOLDER_IMAGE } from './menu-item-card';
import './menu-search-dialog.css';

export function MenuSearchDialog({ onClose, onAdd }: { onClose(): void; onAdd(addition: CartAddition): Promise<void> }) {
  const t = useT();
  const locale = useLocale();
  const text = useMenuText();
  const addWithToast = useAddWithToast(onAdd);
  const [term, setTerm] = useState('');
  // The box follows every keystroke at once, the list a moment later (typing never waits for the list).
  const deferredTerm = useDeferredValue(term);
  const { data: menu, isPending, isError } = useQuery(menuQueryOptions());
  const [openItem, setOpenItem] = useState<{ item: MenuItem; opening: number } | null>(null);
  const results = searchMenu(menu, deferredTerm);
  const searching = deferredTerm.trim() !== '';

  return (
    <>
      <Dialog title={t('menu.search.title')} closeLabel={t('menu.search.close')} onClose={onClose} className="menu-search-dialog">
        <form className="menu-search" role="search" onSubmit={(event) => event.preventDefault()}>
          <SearchIcon size={18} />
          <label className="visually-hidden" htmlFor="menu-search-input">
            {t('menu.search.label')}
          </label>
          <input
            id="menu-search-input"
            data-autofocus
            type="search"
            placeholder={t('menu.search.placeholder')}
            autoComplete="off"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
        </form>
        <p className="menu-search__status" role="status">
          {isError
            ? t('menu.search.loadFailed')
            : isPending
              ? t('menu.loading')
              : !searching
                ? t('menu.search.hint')
                : results.length === 0
                  ? t('menu.search.none', { term: deferredTerm.trim() })
                  : t('menu.search.found', { count: results.length, term: deferredTerm.trim() })}
        </p>
        {results.length > 0 ? (
          <ul className="menu-search__results" aria-label={t('menu.search.results')}>
            {results.map(({ item, category }) => {
              const name = text.name(item);
              const customisable = item.modifierGroups.length > 0;
              return (
                <li key={item.id} className="search-result" data-testid="search-result">
                  <img
                    className="search-result__image"
                    src={item.image ?? PLACEHOLDER_IMAGE}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    decoding="async"
                  />
                  <div className="search-result__body">
                    <p className="search-result__name">{name}</p>
                    <p className="search-result__meta">
                      {formatLei(asBani(item.priceBani), locale)} / {item.unit}
                      {category ? ` · ${text.name(category)}` : ''}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="button search-result__add"
                    aria-label={
                      item.soldOut
                        ? t('menu.card.soldOutLabel', { name })
                        : customisable
                          ? t('menu.card.customLabel', { name })
                          : t('menu.card.addLabel', { name })
                    }
                    onClick={() => setOpenItem((current) => ({ item, opening: (current?.opening ?? 0) + 1 }))}
                  >
                    {item.soldOut ? t('menu.soldOut') : customisable ? t('menu.custom') : t('menu.add')}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </Dialog>
      {openItem ? (
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
      ) : null}
    </>
  );
}
