/** Full-menu search (spec §5): the shared matching rules (src/shared/text-search.ts) and the count's wording. */
export { foldForSearch, matchesSearch, nameMatchesSearch } from '../../shared/text-search';

/** "1 produs" / "5 produse". */
export function productCount(count: number): string {
  return `${count} ${count === 1 ? 'produs' : 'produse'}`;
}
