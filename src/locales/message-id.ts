/**
 * Every message id the browser has: the English catalogue's, one file per area of the app
 * (src/locales/en/<area>.json, each id starting with '<area>.'), which every other language must
 * match (tests). An area's file is listed here once; its ids are then checked wherever `t()` is called.
 */
import type common from './en/common.json';
import type account from './en/account.json';
import type accountSecurity from './en/account-security.json';
import type addresses from './en/addresses.json';
import type admin from './en/admin.json';
import type cart from './en/cart.json';
import type checkout from './en/checkout.json';
import type contact from './en/contact.json';
import type errors from './en/errors.json';
import type fullMenu from './en/full-menu.json';
import type home from './en/home.json';
import type inbox from './en/inbox.json';
import type menu from './en/menu.json';
import type menuEditor from './en/menu-editor.json';
import type notifications from './en/notifications.json';
import type orders from './en/orders.json';

export type MessageId =
  | keyof typeof common
  | keyof typeof account
  | keyof typeof accountSecurity
  | keyof typeof addresses
  | keyof typeof admin
  | keyof typeof cart
  | keyof typeof checkout
  | keyof typeof contact
  | keyof typeof errors
  | keyof typeof fullMenu
  | keyof typeof home
  | keyof typeof inbox
  | keyof typeof menu
  | keyof typeof menuEditor
  | keyof typeof notifications
  | keyof typeof orders;
