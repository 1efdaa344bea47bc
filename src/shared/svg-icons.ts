/**
 * The storefront's pictograms as data: the logo's flame, one per menu category, and the home page's
 * feature blurbs. They used to be emoji, which show as empty boxes on a device without an emoji font
 * (issue 27); line drawings in `currentColor` need no font. Drawn by the React icon component
 * (src/components/icons.tsx).
 *
 * The catalogue keeps its `icon` field as it was (an emoji typed in the CMS); categoryIconName reads
 * it, and a name ('flame', 'fries', …) works too. Anything unknown gets the generic plate.
 */

/** One SVG child element: its tag and attributes (in the order React writes them). */
export interface SvgShape {
  tag: 'path' | 'circle' | 'rect' | 'ellipse';
  attrs: Readonly<Record<string, string>>;
}

const path = (d: string): SvgShape => ({ tag: 'path', attrs: { d } });
const circle = (cx: number, cy: number, r: number): SvgShape => ({
  tag: 'circle',
  attrs: { cx: String(cx), cy: String(cy), r: String(r) },
});

export const PICTOGRAMS = {
  flame: [
    path(
      'M12 22c4 0 7-2.7 7-6.8 0-3.6-2.4-6.1-4.2-8.2-.4 2-1.4 3.3-2.8 3.8.3-3.5-1.2-6.6-4-8.8.2 3.4-1.6 5.6-3 7.6C3.8 11.2 5 13.4 5 15.2 5 19.3 8 22 12 22z',
    ),
    path('M12 22c-1.8 0-3-1.3-3-3 0-1.8 1.5-3 3-4.8 1.5 1.8 3 3 3 4.8 0 1.7-1.2 3-3 3z'),
  ],
  fries: [path('M5 10h14l-2 11H7L5 10z'), path('M8 10 7 3M11 10V2M14 10l1-7M17 10l1.5-5')],
  pot: [
    path('M3 11h18'),
    path('M5 11v6a4 4 0 0 0 4 4h6a4 4 0 0 0 4-4v-6'),
    path('M2 11h1M21 11h1'),
    path('M9 7c0-1.2 1-1.8 1-3M13 7c0-1.2 1-1.8 1-3'),
  ],
  salad: [path('M3 12h18a9 9 0 0 1-18 0z'), path('M7 12c0-2.5 1.5-4 3.5-4.5M12 12c.5-3 2.5-5 5-5.5M9.5 12c1-1.7 2.6-2.6 4.5-2.8')],
  cake: [
    path('M4 21h16'),
    path('M5 21v-7h14v7'),
    path('M5 17c2.3 1.3 4.7 1.3 7 0s4.7-1.3 7 0'),
    path('M12 14V9'),
    path('M12 6.5c.8-.7 1-1.6.5-2.5-.8.6-1.5 1.5-.5 2.5z'),
  ],
  plate: [circle(12, 12, 9), circle(12, 12, 5)],
  scroll: [
    path('M8 21h10a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H6'),
    path('M6 3a2 2 0 0 0-2 2v2h4V5a2 2 0 0 0-2-2z'),
    path('M8 7v12a2 2 0 0 1-4 0v-1h4'),
    path('M11 8h6M11 12h6'),
  ],
  wheat: [
    path('M12 22V8'),
    path('M12 12c-2.5 0-4-1.5-4-4 2.5 0 4 1.5 4 4zM12 12c2.5 0 4-1.5 4-4-2.5 0-4 1.5-4 4z'),
    path('M12 17c-2.5 0-4-1.5-4-4 2.5 0 4 1.5 4 4zM12 17c2.5 0 4-1.5 4-4-2.5 0-4 1.5-4 4z'),
    path('M12 7c-1.2-1-1.2-3 0-4 1.2 1 1.2 3 0 4z'),
  ],
  timer: [circle(12, 13, 8), path('M12 9v4l2.5 2.5'), path('M10 2h4M12 2v3')],
} as const satisfies Record<string, readonly SvgShape[]>;

export type PictogramName = keyof typeof PICTOGRAMS;

/** The catalogue's emoji (and their names) per pictogram. */
const CATEGORY_ICON_ALIASES: Readonly<Record<string, PictogramName>> = {
  '🔥': 'flame',
  '🍖': 'flame',
  '🥩': 'flame',
  '🍟': 'fries',
  '🥔': 'fries',
  '🍲': 'pot',
  '🥘': 'pot',
  '🥗': 'salad',
  '🥬': 'salad',
  '🍰': 'cake',
  '🎂': 'cake',
  '🧁': 'cake',
};

/** The pictogram for a category's `icon` (an emoji or a pictogram name); the plate when unknown. */
export function categoryIconName(icon: string | null | undefined): PictogramName {
  const key = (icon ?? '').trim().replace(/\uFE0F/g, '');
  if (Object.hasOwn(PICTOGRAMS, key)) return key as PictogramName;
  return Object.hasOwn(CATEGORY_ICON_ALIASES, key) ? CATEGORY_ICON_ALIASES[key]! : 'plate';
}
