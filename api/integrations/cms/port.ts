/**
 * The Cms port: where the catalogue and the restaurant's settings come from. The embedded default
 * reads our own store; a Directus adapter can implement the same interface later without routes changing.
 */
import type { Menu } from '../../../src/shared/schemas/menu';
import type { Location, RestaurantSettings } from '../../../src/shared/schemas/restaurant';

/** The active catalogue without its version stamp (the menu cache adds that). */
export type MenuContent = Omit<Menu, 'version' | 'generatedAt'>;

export interface Cms {
  readonly name: string;
  loadMenu(): Promise<MenuContent>;
  loadSettings(): Promise<RestaurantSettings>;
  loadLocations(): Promise<Location[]>;
}
