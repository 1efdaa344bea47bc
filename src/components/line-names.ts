/**
 * The dishes and options of a customer's lines (the cart, checkout, their orders, queued orders) as
 * the screen's language names them (docs/decisions/0172-order-lines-in-the-screens-language.md): each
 * looked up by its id in the last menu this device saw, in the language of useMenuText; when that
 * menu no longer has it (or none was kept yet), the name the line carries, the Romanian it was ordered
 * by. Lines keep storing the Romanian (0163): the kitchen, the ticket and the reports read that.
 *
 * Apart from ./menu-text.ts because the snapshot's reader loads the device's database, which the
 * menu's first load does without; the screens that name lines are loaded lazily.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';

import { storedMenu } from '../entities/menu/menu-repo';
import type { Menu } from '../shared/schemas/menu';
import type { MenuText } from './menu-text';
import { useMenuText } from './menu-text';

export interface LineNames {
  /** A line's dish: by `menuItemId`, else `name` (the Romanian stored with the line). */
  dish(line: { menuItemId: number; name: string }): string;
  /** A chosen option: by `modifierId`, else `name`. */
  option(option: { modifierId: number; name: string }): string;
}

export function lineNames(menu: Menu | undefined, text: MenuText): LineNames {
  const dishes = new Map(menu?.items.map((item) => [item.id, item]));
  const options = new Map(
    menu?.items.flatMap((item) => item.modifierGroups.flatMap((group) => group.options.map((option) => [option.id, option] as const))),
  );
  return {
    dish: (line) => {
      const item = dishes.get(line.menuItemId);
      return item ? text.name(item) : line.name;
    },
    option: (chosen) => {
      const option = options.get(chosen.modifierId);
      return option ? text.name(option) : chosen.name;
    },
  };
}

/**
 * Lines' names from the menu kept on this device (IndexedDB; works offline). Until the database
 * answers, the stored names: a screen in English may show the Romanian for that first moment.
 */
export function useLineNames(): LineNames {
  const text = useMenuText();
  const lastSeenMenu = useLiveQuery(storedMenu, []);
  return useMemo(() => lineNames(lastSeenMenu, text), [lastSeenMenu, text]);
}
