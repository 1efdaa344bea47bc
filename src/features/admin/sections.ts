/**
 * The manager area's sections (spec §2: General, Contact, Orders, Location; issue 7 adds hours and
 * sold out; issue 19 the day's reports; issue 18 the inbox, drawn by src/features/inbox and composed
 * by the route, and the menu editor, drawn by src/features/menu-editor likewise; issue 22 each
 * kitchen's own settings, 'locations', labelled Kitchens: docs/decisions/0144-kitchen-settings-in-locations.md;
 * and the manager accounts, 'staff', for managers of every kitchen only: docs/decisions/0146-manager-accounts-invited-by-mail.md).
 */
import type { MessageId } from '../../locales/message-id';

export const ADMIN_SECTIONS = [
  'general',
  'contact',
  'orders',
  'reports',
  'location',
  'locations',
  'staff',
  'hours',
  'menu',
  'sold-out',
  'inbox',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** Each section's name, as the navigation, the page's heading and the tab's title read it. */
export const ADMIN_SECTION_WORDS: Record<AdminSection, MessageId> = {
  general: 'admin.section.general',
  contact: 'admin.section.contact',
  orders: 'admin.section.orders',
  reports: 'admin.section.reports',
  location: 'admin.section.location',
  locations: 'admin.section.locations',
  staff: 'admin.section.staff',
  hours: 'admin.section.hours',
  menu: 'admin.section.menu',
  'sold-out': 'admin.section.soldOut',
  inbox: 'admin.section.inbox',
};

/**
 * The sections' English names (the catalogue's, which a test holds equal): the end-to-end specs find
 * each section's heading by them. The screens word sections with ADMIN_SECTION_WORDS.
 */
export const ADMIN_SECTION_LABELS: Record<AdminSection, string> = {
  general: 'General',
  contact: 'Contact',
  orders: 'Orders',
  reports: 'Reports',
  location: 'Location',
  locations: 'Kitchens',
  staff: 'Staff',
  hours: 'Opening Hours',
  menu: 'Menu',
  'sold-out': 'Sold Out',
  inbox: 'Inbox',
};

/** Sections only a manager of every kitchen is shown (a location-limited one gets 403 from their API). */
export const ALL_KITCHENS_SECTIONS: readonly AdminSection[] = ['staff'];
