/** Full-menu search (spec §5): case-insensitive substring on the name, and diacritics-insensitive ('ceafa' finds 'Ceafă'). */

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

/** "1 produs" / "5 produse". */
export function productCount(count: number): string {
  return `${count} ${count === 1 ? 'produs' : 'produse'}`;
}
