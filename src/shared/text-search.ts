/**
 * Menu search (spec §5): case-insensitive substring on the name, and diacritics-insensitive ('ceafa'
 * finds 'Ceafă'). Shared by the full menu's filter and the header's live search (issue 27), which
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
