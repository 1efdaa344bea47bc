/**
 * The street search box (spec §2, §5): a combobox with its listbox of suggestions, arrow keys to
 * move, Enter to choose, Escape to close the list. Renders what it is given; the search itself is
 * useAddressSearch and the decisions are address-form-state.ts.
 */
import type { KeyboardEvent } from 'react';

import { useT } from '../../../lib/i18n';
import type { AddressSuggestion } from '../../../shared/schemas/address';
import { DEFAULT_CITY, MIN_SEARCH_CHARS } from '../../../shared/schemas/address';
import type { SuggestionList } from '../address-form-state';
import { searchKeyIntent } from '../address-form-state';

export interface AddressSearchFieldProps {
  /** Prefix for the element ids (the form's useId). */
  ids: string;
  text: string;
  /** The suggestions on screen (null: none). */
  shown: SuggestionList | null;
  activeIndex: number;
  searching: boolean;
  online: boolean;
  onTextChange(text: string): void;
  onMove(list: SuggestionList, step: 1 | -1): void;
  onDismiss(list: SuggestionList): void;
  onChoose(suggestion: AddressSuggestion): void;
}

export function AddressSearchField({
  ids,
  text,
  shown,
  activeIndex,
  searching,
  online,
  onTextChange,
  onMove,
  onDismiss,
  onChoose,
}: AddressSearchFieldProps) {
  const t = useT();
  const listboxId = `${ids}-suggestions`;
  const suggestions = shown?.predictions ?? [];
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const intent = searchKeyIntent(event.key, suggestions.length, activeIndex);
    if (!intent || !shown) return;
    event.preventDefault();
    if (intent === 'next') onMove(shown, 1);
    else if (intent === 'previous') onMove(shown, -1);
    else if (intent === 'choose') onChoose(suggestions[activeIndex]!);
    else {
      // Escape closes the list, not the dialog around it.
      event.stopPropagation();
      onDismiss(shown);
    }
  };
  return (
    <div className="address-field address-search">
      <label htmlFor={`${ids}-search`}>{t('addresses.search.label')}</label>
      <input
        id={`${ids}-search`}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={suggestions.length > 0}
        aria-controls={listboxId}
        aria-activedescendant={activeIndex >= 0 ? `${listboxId}-${activeIndex}` : undefined}
        aria-describedby={`${ids}-search-hint`}
        placeholder={t('addresses.search.placeholder')}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
        data-autofocus
      />
      <p id={`${ids}-search-hint`} className="address-field__hint">
        {searching
          ? t('addresses.search.searching')
          : t(online ? 'addresses.search.hint' : 'addresses.search.hintOffline', { count: MIN_SEARCH_CHARS, city: DEFAULT_CITY })}
      </p>
      <ul
        id={listboxId}
        role="listbox"
        aria-label={t('addresses.search.suggestions')}
        className="address-suggestions"
        hidden={suggestions.length === 0}
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.place_id}
            id={`${listboxId}-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className={`address-suggestion${index === activeIndex ? ' address-suggestion--active' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(suggestion)}
          >
            <span className="address-suggestion__main">{suggestion.structured_formatting.main_text}</span>
            <span className="address-suggestion__secondary">{suggestion.structured_formatting.secondary_text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
