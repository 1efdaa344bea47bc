/**
 * Adding a dish from its dialog, on the menu and in the header's search alike: the cart feature's
 * `onAdd`, then "Added to cart · 2 × Mici" (the dish named in the screen's language), or the error
 * when this device could not save the cart.
 */
import { useCallback } from 'react';

import { useMenuText } from '../../components/menu-text';
import { useT } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import type { CartAddition } from '../../shared/domain/cart';
import type { MenuItem } from '../../shared/schemas/menu';

export function useAddWithToast(onAdd: (addition: CartAddition) => Promise<void>): (addition: CartAddition, item: MenuItem) => void {
  const t = useT();
  const text = useMenuText();
  return useCallback(
    (addition, item) => {
      onAdd(addition).then(
        () =>
          notify({
            type: 'success',
            title: t('menu.added'),
            message: t('menu.added.message', { quantity: addition.quantity, name: text.name(item) }),
          }),
        () => notify({ type: 'error', title: t('menu.error'), message: t('menu.error.cartSave') }),
      );
    },
    [onAdd, t, text],
  );
}
