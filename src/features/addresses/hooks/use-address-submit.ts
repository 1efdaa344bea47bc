/**
 * Save (spec §4, §5): what the panel sends and every refusal are decided by `submission`
 * (address-form-state.ts); this hook sends it through the address book's one write path
 * (useSaveAddress) and says what happened.
 *
 * Offline: a new address, or an edit that keeps the place and pin, waits in the outbox under its
 * Idempotency-Key and is shown at once ('Saved on this device'); the server re-resolves the place
 * and decides the zone when it arrives. An edit that moves the address needs the network and says
 * so (docs/decisions/0057-offline-address-writes-join-the-outbox.md, 0058-a-new-address-can-be-added-offline.md).
 */
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { toastText } from '../../../lib/screen-words';
import { useErrorHandler } from '../../../lib/use-error-handler';
import type { Address } from '../../../shared/schemas/address';
import type { AddressFormStore, Toast } from '../address-form-state';
import { savedToast, saveFailedToast, submission } from '../address-form-state';
import { useSaveAddress } from '../api/addresses-api';

export function useAddressSubmit(
  store: AddressFormStore,
  address: Address | undefined,
  onDone: () => void,
): { submit(): void; saving: boolean } {
  const save = useSaveAddress();
  const t = useT();
  const { inScreenLanguage } = useErrorHandler();
  const say = (toast: Toast) => notify({ type: toast.type, ...toastText(t, toast) });
  const editing = address !== undefined;
  const submit = () => {
    const outcome = submission(store.get());
    if ('refusal' in outcome) {
      say(outcome.refusal);
      return;
    }
    const { input } = outcome;
    save.mutate(
      { id: address?.id, input, before: address },
      {
        onSuccess: (result) => {
          // Offline: the edit waits in the outbox and is already shown on the device copy.
          say(savedToast(result, editing, input));
          onDone();
        },
        onError: (error) => say(saveFailedToast(inScreenLanguage(error), editing)),
      },
    );
  };
  return { submit, saving: save.isPending };
}
