/**
 * Imported by main.tsx right after the early read, before the rest of the app is evaluated, so the
 * `menu-rendered` mark is set as soon as the browser reports the first card painted.
 */
import { markMenuRenderedOnPaint } from './first-paint-mark';

markMenuRenderedOnPaint();
