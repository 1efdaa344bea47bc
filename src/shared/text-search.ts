/**
 * Menu search (spec §5): case-insensitive substring on the name, and diacritics-insensitive ('ceafa'
 * finds 'Ceafă'). A dish, a category is found by its Romanian or its English name (issue 23),
 * whichever language the screen is in. Shared by the full menu's filter and the header's live search (issue 27), which
 * live in two features that may not import each other.
 */

/** Lower case without combining marks: ă â î ș ț (and the old cedilla ş ţ) compare as a a i s t. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function matchesSearch(name: string, term: string): boolean {
  const needle = foldForSearch(term.trim());
  return needle === '' || foldForSearch(name).includes(needle);
}

/** A dish or a category whose Romanian or English name holds the term (issue 23: both languages match). */
export function nameMatchesSearch(row: { name: string; nameEn?: string | undefined }, term: string): boolean {
  return matchesSearch(row.name, term) || (row.nameEn !== undefined && matchesSearch(row.nameEn, term));
}
