/** Full-menu search (spec §5): the shared matching rules (src/shared/text-search.ts); the count is worded by the catalogue's full-menu.count. */
export { foldForSearch, matchesSearch, nameMatchesSearch } from '../../shared/text-search';
