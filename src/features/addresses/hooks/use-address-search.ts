/**
 * The street search as a query (spec §5, §9): it asks once the customer's typing has paused for
 * SEARCH_DEBOUNCE_MS, for a trimmed query of at least 3 characters, and only for text the customer
 * typed (a choice or the map filling the box is not searched). A newer keystroke cancels the
 * request in flight (the query moves to another key and drops its signal). The answer on screen
 * stays while the next one is on its way (placeholderData); a failure says 'Search Error'.
 *
 * Offline the same query answers from the street list on the device (geo-api.ts, fetchSuggestions).
 * Why it is keyed and hidden this way: docs/decisions/0130-address-panel-state-store-and-search-query.md.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { toastText } from '../../../lib/screen-words';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { SearchState, SuggestionList } from '../address-form-state';
import { SEARCH_DEBOUNCE_MS, searchErrorToast, searchTermFor } from '../address-panel-rules';
import { addressSuggestionsQueryOptions } from '../api/geo-api';

export interface AddressSearch {
  /** The latest answer (the previous one while a newer term is asked); undefined before any, or after a failure. */
  latest: SuggestionList | undefined;
  /** A request is on its way ('Searching…'). */
  searching: boolean;
}

/** The term to ask for now: the typed text once the edits have stopped, or null (nothing to ask). */
export function settledSearchTerm(search: Pick<SearchState, 'text' | 'armed' | 'edits'>, settledEdits: number): string | null {
  return search.armed && settledEdits === search.edits ? searchTermFor(search.text) : null;
}

export function useAddressSearch(search: SearchState): AddressSearch {
  const settledEdits = useDebouncedValue(search.edits, SEARCH_DEBOUNCE_MS);
  const term = settledSearchTerm(search, settledEdits);
  const query = useQuery({ ...addressSuggestionsQueryOptions(term ?? ''), enabled: term !== null, placeholderData: keepPreviousData });
  const { error } = query;
  const t = useT();
  useEffect(() => {
    if (error) notify({ type: 'error', ...toastText(t, searchErrorToast(error)) });
  }, [error, t]);
  return { latest: query.data, searching: query.isFetching };
}
