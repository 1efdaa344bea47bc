/**
 * The header's search button has no defined behaviour in the spec; here it opens a search over the
 * menu: the term goes to the full menu page (/meniul-complet?q=…), which filters by name.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';

import { Dialog } from '../../../components/dialog';
import { SearchIcon } from '../../../components/icons';

export function MenuSearchDialog({ onClose }: { onClose(): void }) {
  const [term, setTerm] = useState('');
  const navigate = useNavigate();
  return (
    <Dialog title="Caută în meniu" closeLabel="Închide căutarea" onClose={onClose}>
      <form
        className="menu-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          onClose();
          void navigate({ to: '/meniul-complet', search: term.trim() ? { q: term.trim() } : {} });
        }}
      >
        <label className="visually-hidden" htmlFor="menu-search-input">
          Caută produse
        </label>
        <input
          id="menu-search-input"
          data-autofocus
          type="search"
          placeholder="Caută produse..."
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <button type="submit" className="button">
          <SearchIcon size={18} /> Caută
        </button>
      </form>
    </Dialog>
  );
}
