/**
 * The address panel's pure rules (spec §5 address rules, §8 Address errors, §9 constants), kept out
 * of the components so they are tested on their own: when a search may fire, when a reverse lookup
 * may run, how long each waits, which toast a failure shows and what 'Address Validated!' says.
 */
import { ApiRequestError, NetworkError } from '../../lib/api-fetch';
import type { LatLng } from '../../shared/domain/zones';
import { isFiniteLatLng } from '../../shared/domain/zones';
import type { MessageId } from '../../lib/i18n';
import type { Words } from '../../lib/screen-words';
import type { AddressValidationResult } from '../../shared/schemas/address';
import { MIN_SEARCH_CHARS } from '../../shared/schemas/address';

/** Spec §9: the address search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
/** Spec §9: a map click or marker drag waits this long before the reverse lookup and re-validation. */
export const REVERSE_LOOKUP_DEBOUNCE_MS = 500;
/** Spec §9: the fee the validation toast names when the answer carries none. */
export const DEFAULT_VALIDATION_FEE_TEXT = '5.00';

export const OFFLINE_TEXT: MessageId = 'addresses.offline.needsConnection';

export interface ToastText {
  title: MessageId;
  message: Words;
}

/** The spec's geocoding toasts (src/shared/schemas/address.ts GEO_ERROR_TEXTS), as messages of the catalogues. */
export const GEO_ERROR_TOASTS = {
  search: { title: 'addresses.toast.searchError', message: 'addresses.toast.searchFailed' },
  searchUnexpected: { title: 'addresses.toast.searchError', message: 'addresses.toast.searchUnexpected' },
  searchServerUnexpected: { title: 'addresses.toast.searchError', message: 'addresses.toast.searchServerUnexpected' },
  validate: { title: 'addresses.toast.validationError', message: 'addresses.toast.validationFailed' },
  reverse: { title: 'addresses.toast.reverseFailed', message: 'addresses.toast.reverseNoAddress' },
  reverseUnexpected: { title: 'addresses.toast.reverseError', message: 'addresses.toast.unexpected' },
} as const satisfies Record<string, ToastText>;

/**
 * Spec §5: the term to search for, or null when the trimmed query is shorter than 3 characters
 * (no request, and the suggestions are cleared).
 */
export function searchTermFor(query: string): string | null {
  const trimmed = query.trim();
  return trimmed.length >= MIN_SEARCH_CHARS ? trimmed : null;
}

/** Spec §5: a reverse lookup runs only for a point with both coordinates finite and in range. */
export function canReverseGeocode(point: { latitude?: number | null; longitude?: number | null } | null | undefined): point is LatLng {
  return !!point && isFiniteLatLng(point);
}

/** The 'Search Error' toast: the geocoder failed, our server hit a bug, or something unexpected. */
export function searchErrorToast(error: unknown): ToastText {
  if (error instanceof ApiRequestError) {
    return error.code === 'search_failed' ? GEO_ERROR_TOASTS.searchServerUnexpected : GEO_ERROR_TOASTS.search;
  }
  if (error instanceof NetworkError) return GEO_ERROR_TOASTS.search;
  return GEO_ERROR_TOASTS.searchUnexpected;
}

/** The 'Validation Error' toast (offline says so instead of blaming the address). */
export function validationErrorToast(error: unknown): ToastText {
  return {
    title: GEO_ERROR_TOASTS.validate.title,
    message: error instanceof NetworkError ? OFFLINE_TEXT : GEO_ERROR_TOASTS.validate.message,
  };
}

/**
 * A failed reverse lookup: the server answering with an error is 'Reverse Geocoding Failed' (no
 * address for this point); anything else is 'Reverse Geocoding Error'.
 */
export function reverseErrorToast(error: unknown): ToastText {
  if (error instanceof ApiRequestError) return GEO_ERROR_TOASTS.reverse;
  if (error instanceof NetworkError) return { title: GEO_ERROR_TOASTS.reverseUnexpected.title, message: OFFLINE_TEXT };
  return GEO_ERROR_TOASTS.reverseUnexpected;
}

/** The 'Address Validated!' message: zone, fee in RON (spec §9: 5 RON when none is given), time. */
export function validatedToastMessage(
  result: Pick<AddressValidationResult, 'deliveryZone' | 'estimatedTime'> & { deliveryFee?: string | null },
): Words {
  const fee = result.deliveryFee ?? DEFAULT_VALIDATION_FEE_TEXT;
  const zone = result.deliveryZone;
  const time = result.estimatedTime;
  if (zone === null) {
    return time
      ? { id: 'addresses.toast.validatedUnknownZoneWithTime', values: { fee, time } }
      : { id: 'addresses.toast.validatedUnknownZone', values: { fee } };
  }
  return time
    ? { id: 'addresses.toast.validatedWithTime', values: { zone, fee, time } }
    : { id: 'addresses.toast.validated', values: { zone, fee } };
}
