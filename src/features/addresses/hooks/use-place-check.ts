/**
 * The place check (spec §2, §5): the server validates the chosen place with the pin and decides
 * the zone; the answer may propose a pin and a house number (the reducer decides what it fills).
 * Only the latest check counts: a newer choice or pin supersedes an answer still on its way, and
 * only the latest one's toast is shown. Editing, the saved address is checked once, quietly, when
 * the panel opens, so the save button reflects today's zone.
 *
 * Offline (navigator.onLine false, or the request fails with a NetworkError) the place is looked
 * up in the street list on the device (`checkedOnDevice`); the zone cannot be decided without the
 * server, so it is decided when the queued address arrives there
 * (docs/decisions/0058-a-new-address-can-be-added-offline.md).
 */
import { useEffect, useRef } from 'react';

import { NetworkError } from '../../../lib/api-fetch';
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { toastText, wordsText } from '../../../lib/screen-words';
import type { LatLng } from '../../../shared/domain/zones';
import { isFiniteLatLng } from '../../../shared/domain/zones';
import type { Address } from '../../../shared/schemas/address';
import type { AddressFormStore, ChosenPlace } from '../address-form-state';
import { chosenPlaceOf } from '../address-form-state';
import { GEO_ERROR_TOASTS, validatedToastMessage, validationErrorToast } from '../address-panel-rules';
import { resolvePlaceOnDevice, validateAddress } from '../api/geo-api';
import { NOT_DELIVERABLE_TEXT } from '../pin-wording';

export interface PlaceCheck {
  /** Checks `target` with `point`; `announce` false checks quietly (no toast for the answer). */
  check(target: ChosenPlace, point: LatLng | null, announce?: boolean): Promise<void>;
  /** Makes every check on its way stale (a new pin is being looked up). */
  supersede(): void;
}

export function usePlaceCheck(store: AddressFormStore, address: Address | undefined): PlaceCheck {
  // The number of the latest check: an answer for an older one is dropped.
  const latest = useRef(0);
  const t = useT();

  /** Offline: the place check against the street list on this device (the zone waits for the server). */
  async function checkOnDevice(seq: number, target: ChosenPlace): Promise<void> {
    // The address being edited was checked by the server when it was saved.
    const resolved =
      address && target.placeId === address.placeId
        ? { ...target, postalCode: address.postalCode }
        : await resolvePlaceOnDevice(target.placeId).catch(() => null);
    if (seq !== latest.current) return;
    store.dispatch({ type: 'checkedOnDevice', resolved });
    if (!resolved) notify({ type: 'error', title: t(GEO_ERROR_TOASTS.validate.title), message: t('addresses.toast.offlinePlaceUnknown') });
  }

  async function check(target: ChosenPlace, point: LatLng | null, announce = true): Promise<void> {
    const seq = ++latest.current;
    store.dispatch({ type: 'checkStarted' });
    try {
      if (!navigator.onLine) {
        await checkOnDevice(seq, target);
        return;
      }
      const result = await validateAddress({
        place_id: target.placeId,
        formatted_address: target.formattedAddress,
        ...(point && isFiniteLatLng(point) ? { latitude: point.latitude, longitude: point.longitude } : {}),
      });
      if (seq !== latest.current) return; // a newer pick or choice superseded this one
      store.dispatch({ type: 'checkAnswered', result });
      if (!announce) return;
      if (!result.isValid) {
        notify({ type: 'error', ...toastText(t, validationErrorToast(null)) });
      } else if (result.isDeliverable) {
        notify({ type: 'success', title: t('addresses.toast.validatedTitle'), message: wordsText(t, validatedToastMessage(result)) });
      } else if (result.latitude !== null) {
        notify({
          type: 'warning',
          title: t('addresses.toast.notDeliverableTitle'),
          message: result.notDeliverableMessage ?? t(NOT_DELIVERABLE_TEXT),
        });
      }
    } catch (error) {
      if (seq !== latest.current) return;
      if (error instanceof NetworkError) {
        await checkOnDevice(seq, target);
        return;
      }
      store.dispatch({ type: 'checkFailed' });
      notify({ type: 'error', ...toastText(t, validationErrorToast(error)) });
    } finally {
      if (seq === latest.current) store.dispatch({ type: 'checkSettled' });
    }
  }

  // Edit mode: re-check the saved address once, quietly, so the submit button reflects today's zone.
  useEffect(() => {
    if (!address) return;
    // Deferred a tick: the check's state updates belong to its answer, not to this render.
    const timer = window.setTimeout(
      () => void check(chosenPlaceOf(address), { latitude: address.latitude, longitude: address.longitude }, false),
      0,
    );
    return () => window.clearTimeout(timer);
    // Runs once on mount; later checks come from the customer's actions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    check,
    supersede: () => {
      latest.current += 1;
    },
  };
}
