/**
 * The pin (spec §5, §9): a map click, a marker drag, 'Confirm pin location' or typed coordinates
 * places it at once; REVERSE_LOOKUP_DEBOUNCE_MS after the last move the server says what is there
 * (a street it names becomes the chosen place) and the place is checked again with the new pin.
 * No lookup for missing or non-finite coordinates.
 *
 * Offline there is no reverse lookup (it needs the server): the pin stays where the customer put
 * it and the place is checked on the device (usePlaceCheck).
 */
import { useEffect, useRef } from 'react';

import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { toastText } from '../../../lib/screen-words';
import type { LatLng } from '../../../shared/domain/zones';
import type { AddressFormStore } from '../address-form-state';
import { placeAtPin } from '../address-form-state';
import { canReverseGeocode, GEO_ERROR_TOASTS, REVERSE_LOOKUP_DEBOUNCE_MS, reverseErrorToast } from '../address-panel-rules';
import { reverseGeocode } from '../api/geo-api';
import type { PlaceCheck } from './use-place-check';

export function usePinLookup(store: AddressFormStore, placeCheck: PlaceCheck): (point: LatLng) => void {
  const timer = useRef<number | undefined>(undefined);
  const t = useT();
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function lookUpPoint(point: LatLng) {
    let current = store.get().place;
    // Offline there is no reverse lookup: the pin stays where the customer put it.
    if (!navigator.onLine) {
      if (current) await placeCheck.check(current, point);
      return;
    }
    try {
      const found = await reverseGeocode(point.latitude, point.longitude);
      const named = placeAtPin(found);
      if (!found.found) {
        notify({ type: 'warning', ...toastText(t, GEO_ERROR_TOASTS.reverse) });
      } else if (named) {
        // The map names a street here: it becomes the chosen address.
        store.dispatch({ type: 'placeFoundAtPin', found });
        current = named;
      }
    } catch (error) {
      notify({ type: 'error', ...toastText(t, reverseErrorToast(error)) });
    }
    if (current) await placeCheck.check(current, point);
  }

  return (point: LatLng) => {
    // Spec §5: no lookup for missing or NaN coordinates.
    if (!canReverseGeocode(point)) return;
    store.dispatch({ type: 'pinPicked', point });
    placeCheck.supersede(); // results of checks for the old point no longer count
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void lookUpPoint(point), REVERSE_LOOKUP_DEBOUNCE_MS);
  };
}
