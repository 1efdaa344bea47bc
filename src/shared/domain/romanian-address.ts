/**
 * A Romanian delivery address as the restaurant and the driver read it (issue 27):
 * "Bulevardul Republicii 12, Bl. A3, Sc. 2, Et. 4, Ap. 17, Interfon 17A, Ploiești".
 * One formatter for the board card, the kitchen ticket, the POS payload and the customer's order
 * pages, so every screen shows the same words for the same door. Pure: no React, no DOM.
 *
 * Older order snapshots carry only the joined block-details line (`details`); it is used as is
 * when no single block field is present.
 */

export interface RomanianAddressParts {
  street: string;
  /** The house number when the address keeps it apart from the street (null: none given or none exists). */
  houseNumber?: string | null;
  /** The free-text apartment/unit field of the address form ('Birou 2', 'Casa din spate'). */
  apartment?: string | null;
  bloc?: string | null;
  scara?: string | null;
  etaj?: string | null;
  apartament?: string | null;
  interfon?: string | null;
  city?: string | null;
  /** The already-joined block details of an older snapshot, read only when no block field is set. */
  details?: string | null;
}

/** What a customer may already have typed in front of the value ('bl. A3' in the Bloc field). */
const FIELD_PREFIXES = {
  bloc: /^(bl(oc)?\.?)\s*/i,
  scara: /^(sc(ara|ară)?\.?)\s*/i,
  etaj: /^(et(aj)?\.?)\s*/i,
  apartament: /^(ap(artament|t)?\.?)\s*/i,
  interfon: /^(interfon|int\.?)\s*/i,
} as const;

/** Ground floor: written 'P', 'parter' or 0 in Romania; printed as the word. */
const GROUND_FLOOR = /^(p|parter|0)$/i;

function clean(value: string | null | undefined): string | null {
  const trimmed = value?.replace(/\s+/g, ' ').trim();
  return trimmed ? trimmed : null;
}

function field(value: string | null | undefined, prefix: RegExp): string | null {
  const cleaned = clean(value);
  if (!cleaned) return null;
  // Strip a prefix the customer typed only when something is left after it ('Bl.' alone stays).
  const stripped = cleaned.replace(prefix, '').trim();
  return stripped || cleaned;
}

/** "Birou 2, Bl. A3, Sc. 2, Et. 4, Ap. 17, Interfon 17A", or null when the address has none. */
export function romanianBlockDetails(parts: RomanianAddressParts): string | null {
  const bloc = field(parts.bloc, FIELD_PREFIXES.bloc);
  const scara = field(parts.scara, FIELD_PREFIXES.scara);
  const etaj = field(parts.etaj, FIELD_PREFIXES.etaj);
  const apartament = field(parts.apartament, FIELD_PREFIXES.apartament);
  const interfon = field(parts.interfon, FIELD_PREFIXES.interfon);
  const apartment = clean(parts.apartment);
  if (!bloc && !scara && !etaj && !apartament && !interfon && !apartment) return clean(parts.details);
  const pieces = [
    apartment,
    bloc && `Bl. ${bloc}`,
    scara && `Sc. ${scara}`,
    etaj && (GROUND_FLOOR.test(etaj) ? 'Parter' : `Et. ${etaj}`),
    apartament && `Ap. ${apartament}`,
    interfon && `Interfon ${interfon}`,
  ].filter((piece): piece is string => !!piece);
  return pieces.join(', ');
}

/** "Bulevardul Republicii 12": the street with its number, never the number twice. */
export function romanianStreetLine(parts: Pick<RomanianAddressParts, 'street' | 'houseNumber'>): string {
  const street = clean(parts.street) ?? '';
  const number = clean(parts.houseNumber);
  if (!number) return street;
  const escaped = number.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (new RegExp(`(^|\\s|nr\\.?\\s*)${escaped}$`, 'i').test(street)) return street;
  return street ? `${street} ${number}` : number;
}

/**
 * The whole address on one line: street and number, the block details, then the city (left out
 * when the street line already names it, as geocoders' street lines sometimes do).
 */
export function formatRomanianAddress(parts: RomanianAddressParts): string {
  const street = romanianStreetLine(parts);
  const details = romanianBlockDetails(parts);
  const city = clean(parts.city);
  const cityNamed =
    city !== null && street.split(',').some((piece) => piece.trim().toLocaleLowerCase('ro') === city.toLocaleLowerCase('ro'));
  return [street, details, cityNamed ? null : city].filter((piece): piece is string => !!piece).join(', ');
}

/**
 * "Open in maps" for a pin: Google's cross-platform Maps URL (`api=1`). A plain https link, so it
 * works in every browser; on Android and iOS it opens the Maps app when installed (one tap to
 * navigate), elsewhere the web map. `geo:` links do nothing on iOS and on desktop browsers.
 */
export function mapsLinkForPin(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude.toFixed(6)}%2C${longitude.toFixed(6)}`;
}

/** A `tel:` link a phone can dial: spaces, dots, dashes and brackets dropped, a leading + kept. */
export function telLink(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^0-9]/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
