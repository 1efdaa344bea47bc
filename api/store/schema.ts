/**
 * Table types for Kysely. Booleans are 0/1 integers and times ISO-8601 text in both SQLite and
 * PostgreSQL so the same queries run on either; money columns end in _bani.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

import type { NotificationCursorsTable, PushSubscriptionsTable, PushVapidKeysTable, SentMailTable } from './notifications-schema';

type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  avatar: string | null;
  status: Generated<string>;
  role: Generated<string>;
  created_at: string;
  updated_at: string;
  /** When the account proved it owns its e-mail (migration 0010); null: not verified. */
  email_verified_at: Generated<string | null>;
  /** Migration 0021 (issue 22): the one kitchen a manager account works for; null = all kitchens. */
  manager_location_id: Generated<number | null>;
  /** Migration 0022: when this account stopped being a manager (the Staff section's remove); null otherwise. */
  manager_removed_at: Generated<string | null>;
  /** Migration 0023 (issue 23): the language the person chose ('en' | 'ro'); null: never chosen (English). */
  language: Generated<string | null>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  /** CMS=directus: the Directus session token of this sign-in (ended at logout); null otherwise. */
  cms_session: Generated<string | null>;
}

export interface RestaurantSettingsTable {
  id: number;
  name: string;
  description: string;
  phone: string;
  email: string;
  address: string;
  is_open: Flag;
  delivery_fee_bani: number;
  minimum_order_bani: number;
  /** Added by 0012: 1 when the minimum order applies to pickup too (default: delivery only). */
  minimum_order_applies_to_pickup: Generated<Flag>;
  estimated_delivery_time: string;
  /** Added by 0015: minutes before an order not yet accepted escalates (default 5). */
  accept_within_minutes: Generated<number>;
  delivery_radius_km: number;
  zone_validation_type: string;
  delivery_zone_name: string;
  delivery_base_lat: number;
  delivery_base_lng: number;
  status: string;
  version: number;
  updated_at: string;
}

export interface LocationsTable {
  id: Generated<number>;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  phone: string;
  /** JSON of the shared OpeningHours schema. */
  opening_hours: string;
  sort_order: number;
  /** Added by 0020 (issue 22): this kitchen's own open toggle. */
  is_open: Generated<Flag>;
  /** Added by 0020: JSON of the shared DeliveryZone (a radius today). */
  delivery_zone: Generated<string>;
  /** Added by 0020: preparation lead time of orders for later. */
  lead_minutes: Generated<number>;
  /** Added by 0020: orders one 15-minute slot takes. */
  slot_capacity: Generated<number>;
  /** Added by 0020: this kitchen's minimum order. */
  minimum_order_bani: Generated<number>;
  /** Added by 0020: JSON of the shared DeliveryFees (distance bands, free threshold). */
  delivery_fees: Generated<string>;
  /** Added by 0020: optimistic concurrency of PUT /api/admin/locations/:id. */
  version: Generated<number>;
}

export interface MenuCategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  short_label: string;
  description: string | null;
  icon: string;
  sort_order: number;
  /** 0 = deleted (kept for history); hidden rows are is_hidden. */
  is_active: Flag;
  created_at: string;
  /** Added by 0017 (issue 18): kept and edited, left off the storefront. */
  is_hidden: Generated<Flag>;
  /** Added by 0017: bumped by every edit; an edit from an older one is a 409 menu_conflict. */
  revision: Generated<number>;
  /** Added by 0024 (issue 23): English beside the Romanian; NULL = show the Romanian. */
  name_en: Generated<string | null>;
  short_label_en: Generated<string | null>;
  description_en: Generated<string | null>;
}

export interface MenuItemsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  sku: string;
  description: string | null;
  unit: string;
  price_bani: number;
  image: string | null;
  is_active: Flag;
  is_featured: Flag;
  is_standalone: Flag;
  sold_out: Flag;
  sort_order: number;
  created_at: string;
  updated_at: string;
  /** Added by 0012, per-kg dishes: portion step and smallest portion in grams (NULL = 250 g from 250 g). */
  weight_step_grams: Generated<number | null>;
  weight_min_grams: Generated<number | null>;
  /** Added by 0017 (issue 18). */
  is_hidden: Generated<Flag>;
  /** JSON AllergenCode[]. */
  allergens: Generated<string>;
  may_contain: Generated<string | null>;
  /** JSON DietaryTag[]. */
  dietary_tags: Generated<string>;
  /** JSON AvailabilityWindow[] (Europe/Bucharest); [] = always. */
  availability: Generated<string>;
  /** JSON MenuPhoto, or NULL for `image` / the placeholder. */
  photo: Generated<string | null>;
  revision: Generated<number>;
  /** Added by 0024 (issue 23): English beside the Romanian; NULL = show the Romanian. */
  name_en: Generated<string | null>;
  description_en: Generated<string | null>;
}

export interface ModifierGroupsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  is_required: Flag;
  min_selections: number;
  max_selections: number;
  sort_order: number;
  is_active: Flag;
  /** Added by 0017 (issue 18). */
  revision: Generated<number>;
  /** Added by 0024 (issue 23): English beside the Romanian; NULL = show the Romanian. */
  name_en: Generated<string | null>;
  description_en: Generated<string | null>;
}

/** The options of a group (spec: modifier_group_items with price_adjustment). */
export interface ModifierOptionsTable {
  id: Generated<number>;
  modifier_group_id: number;
  name: string;
  sku: string;
  price_bani: number;
  is_default: Flag;
  is_active: Flag;
  sold_out: Flag;
  sort_order: number;
  /** Added by 0017 (issue 18): JSON AllergenCode[]. */
  allergens: Generated<string>;
  /** Added by 0024 (issue 23): English beside the Romanian; NULL = show the Romanian. */
  name_en: Generated<string | null>;
}

export interface MenuItemsModifierGroupsTable {
  menu_items_id: number;
  modifier_groups_id: number;
  sort_order: number;
}

export interface OrdersTable {
  id: Generated<number>;
  order_number: string;
  customer_id: number;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  fulfilment: string;
  location_id: number | null;
  address_id: number | null;
  delivery_address: string | null;
  delivery_details: string | null;
  delivery_instructions: string | null;
  delivery_latitude: number | null;
  delivery_longitude: number | null;
  delivery_distance_km: number | null;
  delivery_zone_name: string | null;
  subtotal_bani: number;
  delivery_fee_bani: number;
  tax_bani: number;
  discount_bani: number;
  total_bani: number;
  loyalty_points_earned: number;
  loyalty_points_used: number;
  payment_method: string;
  payment_status: string;
  status: string;
  estimated_delivery_time: string | null;
  delivered_at: string | null;
  customer_notes: string | null;
  kitchen_notes: string | null;
  cancel_reason: string | null;
  stripe_payment_intent_id: string | null;
  checkout_session_id: string | null;
  receipt_url: string | null;
  pos_injection_status: string;
  pos_last_error: string | null;
  /** Added by 0005 (null on older rows): the POS client block needs the names apart. */
  customer_first_name: string | null;
  customer_last_name: string | null;
  created_at: string;
  updated_at: string;
  /** Hash of the client address the order came from (migration 0010): caps unconfirmed cash orders per client. */
  client_key: Generated<string | null>;
  /** Added by 0015 (issue 19): the acceptance and the promise made with it; null before acceptance. */
  accepted_at: Generated<string | null>;
  prep_minutes: Generated<number | null>;
  ready_at: Generated<string | null>;
  /** Delivery only: readyAt + the zone's travel band. */
  arrival_from: Generated<string | null>;
  arrival_to: Generated<string | null>;
  /** When an order waiting on the board escalates (cash: placed + limit; card: paid + limit). */
  accept_deadline_at: Generated<string | null>;
  /** 'customer' | 'restaurant' once cancelled. */
  cancelled_by: Generated<string | null>;
  /** src/shared/schemas/order.ts CancelReasonCode. */
  cancel_reason_code: Generated<string | null>;
  /** Migration 0021 (issue 22): the chosen slot's start; null = as soon as possible. */
  scheduled_for: Generated<string | null>;
  /** When a scheduled order reaches the new-orders lane and rings (slot start - the kitchen's lead time); null for ASAP. */
  release_at: Generated<string | null>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  menu_item_id: number;
  sku: string;
  item_name: string;
  base_price_bani: number;
  quantity: number;
  /** JSON list of {modifier_id, name, sku, price_bani, group_id}. */
  selected_modifiers: string;
  item_total_bani: number;
  special_instructions: string | null;
  /** Added by 0012: a per-kg dish's portion in grams (per unit of quantity); NULL for dishes by the piece. */
  weight_grams: Generated<number | null>;
}

export interface CustomerAddressesTable {
  id: Generated<number>;
  customer_id: number;
  label: string;
  custom_label: string | null;
  street_address: string;
  apartment: string | null;
  bloc: string | null;
  scara: string | null;
  etaj: string | null;
  apartament: string | null;
  interfon: string | null;
  city: string;
  postal_code: string | null;
  country: string;
  latitude: number;
  longitude: number;
  formatted_address: string;
  place_id: string;
  pin_confirmed: Flag;
  is_validated: Flag;
  last_validated_at: string | null;
  validation_method: string | null;
  validation_notes: string | null;
  delivery_instructions: string | null;
  is_deliverable: Flag;
  delivery_zone_name: string | null;
  estimated_delivery_time: string | null;
  delivery_fee_override_bani: number | null;
  distance_km: number | null;
  is_default: Flag;
  created_at: string;
  updated_at: string;
  /** CMS=directus: the id of this address's copy in Directus `customer_addresses` (migration 0009). */
  cms_id: Generated<string | null>;
  /** Migration 0011 (issue 27): the house number (also ending street_address); NULL with no_house_number or on older rows. */
  house_number: Generated<string | null>;
  /** Migration 0011: 1 when the customer said the place has no house number. */
  no_house_number: Generated<Flag>;
}

/** (scope, key) -> the answer given the first time, replayed for retries of the same request. */
export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
  created_at: string;
}

/** Server-side outbox: hand-offs (POS, mail) written in the same transaction as their cause. */
export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  dedupe_key: string;
  payload: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** Order feedback (issue 5): a 1-5 rating and a message about one of the customer's orders. */
export interface OrderFeedbackTable {
  id: Generated<number>;
  order_id: number;
  customer_id: number;
  rating: number;
  message: string;
  created_at: string;
  /** Added by 0017 (issue 18): when the manager marked it handled in the inbox. */
  handled_at: Generated<string | null>;
}

/** Messages from the contact page; client_key is a hash of the sender's IP (rate limit). */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  client_key: string;
  created_at: string;
  /** Added by 0017 (issue 18): when the manager marked it handled in the inbox. */
  handled_at: Generated<string | null>;
}

/** Fixed-window rate-limit counters (login, registration), shared by every API instance. */
export interface RateLimitsTable {
  /** "<action>:<ip|email>:<sha256>": hashes only, never a raw IP or e-mail. */
  key: string;
  window_started_at: string;
  count: number;
}

/** An external sign-in identity (provider + its stable subject id) linked to one of our users. */
export interface UserIdentitiesTable {
  provider: string;
  subject: string;
  user_id: number;
  /** The verified e-mail the provider gave when the link was made. */
  email: string;
  created_at: string;
  /**
   * How the link was proved (migration 0010): 'created' (the identity made the account), 'password'
   * (the account's password was given), 'verified_email' (both sides verified the e-mail). Null: a
   * link made before proof was required; a password or role change removes it.
   */
  proof: Generated<string | null>;
}

/** Single-use e-mail links (verify e-mail, reset password): only the token's SHA-256 is kept. */
export interface AccountTokensTable {
  id: string;
  user_id: number;
  /** 'verify_email' | 'reset_password' */
  purpose: string;
  /** The address the link was sent to (verify: the one it proves). */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A device that signed in to an account (cookie token hash): the per-account login cap spares it. */
export interface TrustedDevicesTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/** A hosted-checkout session (any provider); attempt numbers make provider idempotency keys deterministic. */
export interface PaymentSessionsTable {
  id: string;
  provider: string;
  order_id: number;
  order_number: string;
  attempt: number;
  idempotency_key: string;
  amount_bani: number;
  currency: string;
  url: string;
  success_url: string;
  cancel_url: string;
  /** open | complete | expired */
  status: string;
  /** unpaid | paid | failed */
  payment_status: string;
  payment_intent_id: string | null;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** Provider events already applied, by the provider's event id (webhook dedupe). */
export interface PaymentEventsTable {
  id: string;
  type: string;
  order_number: string | null;
  outcome: string;
  received_at: string;
}

/**
 * Migration 0015: the durable log of every change to an order, written in the transaction of the
 * change (api/orders/). kind 'status' | 'payment' | 'refund'; value the new status; detail JSON.
 */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  kind: string;
  value: string;
  at: string;
  detail: string | null;
}

/** Migration 0015: refunds of card orders (full on cancel/reject, partial of some lines). */
export interface OrderRefundsTable {
  id: Generated<number>;
  order_id: number;
  /** 'full' | 'partial' */
  kind: string;
  amount_bani: number;
  /** 'pending' | 'succeeded' | 'failed' */
  status: string;
  /** JSON list of {orderItemId, quantity}; [] for a full refund. */
  lines: string;
  failure_message: string | null;
  /** The payments adapter that made it ('stripe' | 'test'). */
  provider: string;
  provider_refund_id: string | null;
  /** Bumped by a retry after a failure, so the retry's idempotency key is a new one. */
  attempt: number;
  created_at: string;
  updated_at: string;
}

/** Migration 0017 (issue 18): every menu edit, who made it and before -> after per field. */
export interface MenuChangeLogTable {
  id: Generated<number>;
  at: string;
  actor_user_id: number | null;
  /** The manager's e-mail at the time. */
  actor: string;
  /** 'category' | 'dish' | 'group' | 'photo' | 'menu' */
  entity: string;
  entity_id: number | null;
  entity_name: string;
  /** src/shared/schemas/menu-editor.ts changeLogEntrySchema action. */
  action: string;
  /** JSON [{field, before, after}]. */
  changes: string;
}

/** Migration 0017: an uploaded dish photo, id = content hash (files under DATA_DIR/media/menu). */
export interface MenuPhotosTable {
  id: string;
  width: number;
  height: number;
  /** JSON number[]: the widths made. */
  widths: string;
  bytes: number;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  restaurant_settings: RestaurantSettingsTable;
  locations: LocationsTable;
  menu_categories: MenuCategoriesTable;
  menu_items: MenuItemsTable;
  modifier_groups: ModifierGroupsTable;
  modifier_options: ModifierOptionsTable;
  menu_items_modifier_groups: MenuItemsModifierGroupsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  customer_addresses: CustomerAddressesTable;
  idempotency_keys: IdempotencyKeysTable;
  outbox: OutboxTable;
  payment_sessions: PaymentSessionsTable;
  payment_events: PaymentEventsTable;
  order_events: OrderEventsTable;
  order_refunds: OrderRefundsTable;
  rate_limits: RateLimitsTable;
  user_identities: UserIdentitiesTable;
  contact_messages: ContactMessagesTable;
  order_feedback: OrderFeedbackTable;
  account_tokens: AccountTokensTable;
  trusted_devices: TrustedDevicesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_vapid_keys: PushVapidKeysTable;
  notification_cursors: NotificationCursorsTable;
  sent_mail: SentMailTable;
  menu_change_log: MenuChangeLogTable;
  menu_photos: MenuPhotosTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type MenuItemRow = Selectable<MenuItemsTable>;
export type SettingsRow = Selectable<RestaurantSettingsTable>;
export type LocationRow = Selectable<LocationsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type PaymentSessionRow = Selectable<PaymentSessionsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
export type OrderRefundRow = Selectable<OrderRefundsTable>;
