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

import { Dialog } from '../../../components/dialog';
import { SearchIcon } from '../../../components/icons';
import { notify } from '../../../lib/notify';
import type { CartAddition } from '../../../shared/domain/cart';
import type { MenuItem } from '../../../shared/schemas/menu';
import { asBani, formatBaniDecimal } from '../../../shared/money';
import { menuQueryOptions } from '../../../entities/menu/api/get-menu';
import { searchMenu } from '../menu-search';
import { ItemDialog } from './item-dialog';
import { PLACEHOLDER_IMAGE } from './menu-item-card';
import './menu-search-dialog.css';

export function MenuSearchDialog({ onClose, onAdd }: { onClose(): void; onAdd(addition: CartAddition): Promise<void> }) {
  const [term, setTerm] = useState('');
  // The box follows every keystroke at once, the list a moment later (typing never waits for the list).
  const deferredTerm = useDeferredValue(term);
  const { data: menu, isPending, isError } = useQuery(menuQueryOptions());
  const [openItem, setOpenItem] = useState<{ item: MenuItem; opening: number } | null>(null);
  const results = searchMenu(menu, deferredTerm);
  const searching = deferredTerm.trim() !== '';

  return (
    <>
      <Dialog title="Caută în meniu" closeLabel="Închide căutarea" onClose={onClose} className="menu-search-dialog">
        <form className="menu-search" role="search" onSubmit={(event) => event.preventDefault()}>
          <SearchIcon size={18} />
          <label className="visually-hidden" htmlFor="menu-search-input">
            Caută produse
          </label>
          <input
            id="menu-search-input"
            data-autofocus
            type="search"
            placeholder="Caută produse..."
            autoComplete="off"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
        </form>
        <p className="menu-search__status" role="status">
          {isError
            ? 'The menu could not be loaded. Check your connection and try again.'
            : isPending
              ? 'Loading menu...'
              : !searching
                ? 'Type the name of a dish or a category.'
                : results.length === 0
                  ? `Nu am găsit produse pentru „${deferredTerm.trim()}”`
                  : `${results.length === 1 ? '1 produs' : `${results.length} produse`} pentru „${deferredTerm.trim()}”`}
        </p>
        {results.length > 0 ? (
          <ul className="menu-search__results" aria-label="Rezultate">
            {results.map(({ item, category }) => {
              const label = item.soldOut ? 'Sold out' : item.modifierGroups.length > 0 ? 'Custom' : 'Add';
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
                    <p className="search-result__name">{item.name}</p>
                    <p className="search-result__meta">
                      {formatBaniDecimal(asBani(item.priceBani))} lei / {item.unit}
                      {category ? ` · ${category.name}` : ''}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="button search-result__add"
                    aria-label={item.soldOut ? `Sold out: ${item.name}` : `${label} ${item.name}`}
                    onClick={() => setOpenItem((current) => ({ item, opening: (current?.opening ?? 0) + 1 }))}
                  >
                    {label}
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
            onAdd(addition).then(
              () => notify({ type: 'success', title: 'Added to cart', message: `${addition.quantity} × ${addition.name}` }),
              () => notify({ type: 'error', title: 'Error', message: 'The cart could not be saved on this device.' }),
            );
          }}
        />
      ) : null}
    </>
  );
}
