/**
 * The storefront's Directus collections, field names exactly as spec §3 and §7 give them (plus the few
 * the storefront needs beyond the spec: slug, short_label, icon, unit, sold_out, locations).
 * This is the source scripts/directus-snapshot.ts turns into a real Directus schema and snapshots into
 * schema-snapshot.json (the file restaurants apply with `directus schema apply`); the adapter reads
 * exactly these names.
 */

export interface FieldDef {
  field: string;
  type: 'integer' | 'string' | 'text' | 'boolean' | 'decimal' | 'float' | 'timestamp' | 'json' | 'uuid';
  nullable?: boolean;
  defaultValue?: string | number | boolean | null;
  /** Many-to-one: the collection this field points at. */
  relatedCollection?: string;
  /** Delete rule when the related row goes: 'CASCADE' or 'SET NULL' (Directus's default is NO ACTION). */
  onDelete?: 'CASCADE' | 'SET NULL' | 'NO ACTION';
  unique?: boolean;
  /** One-to-many alias on the related collection (orders.order_items): lets one request create an order with its items. */
  oneField?: string;
}

export interface CollectionDef {
  collection: string;
  singleton?: boolean;
  fields: FieldDef[];
}

const flag = (field: string, defaultValue: boolean): FieldDef => ({ field, type: 'boolean', defaultValue });
const text = (field: string, nullable = true): FieldDef => ({ field, type: 'text', nullable });
const str = (field: string, nullable = true, defaultValue: string | null = null): FieldDef => ({
  field,
  type: 'string',
  nullable,
  defaultValue,
});
const int = (field: string, defaultValue: number | null = 0): FieldDef => ({
  field,
  type: 'integer',
  nullable: defaultValue === null,
  defaultValue,
});
const lei = (field: string, nullable = false): FieldDef => ({ field, type: 'decimal', nullable, defaultValue: nullable ? null : 0 });
const time = (field: string): FieldDef => ({ field, type: 'timestamp', nullable: true });
const m2o = (field: string, relatedCollection: string, onDelete: FieldDef['onDelete'] = 'NO ACTION', nullable = false): FieldDef => ({
  field,
  type: relatedCollection === 'directus_users' ? 'uuid' : 'integer',
  nullable,
  relatedCollection,
  onDelete,
});

export const DIRECTUS_COLLECTIONS: CollectionDef[] = [
  {
    collection: 'restaurant_settings',
    singleton: true,
    // Spec §3 names these in camelCase; money as decimal strings in lei.
    fields: [
      str('name', false, ''),
      text('description'),
      str('phone'),
      str('email'),
      str('address'),
      flag('isOpen', true),
      lei('deliveryFee'),
      lei('minimumOrder'),
      str('estimatedDeliveryTime', false, '30-45 minutes'),
      str('deliveryRadiusKm', false, '10'),
      str('zoneValidationType', false, 'radius'),
      str('deliveryZoneName', false, 'ploiești'),
      { field: 'deliveryBaseLat', type: 'float', defaultValue: 44.9537 },
      { field: 'deliveryBaseLng', type: 'float', defaultValue: 26.0224 },
      str('status', false, 'active'),
      time('date_updated'),
    ],
  },
  {
    collection: 'locations',
    fields: [
      str('name', false, ''),
      str('address', false, ''),
      { field: 'latitude', type: 'float' },
      { field: 'longitude', type: 'float' },
      str('phone', false, ''),
      // The shared OpeningHours shape: {weekly: {mon: [{open, close}]...}, exceptions: [...]}.
      { field: 'opening_hours', type: 'json' },
      int('sort_order'),
    ],
  },
  {
    collection: 'menu_categories',
    fields: [
      { ...str('slug', false, ''), unique: true },
      str('name', false, ''),
      str('short_label', false, ''),
      text('description'),
      // Issue 23: the English beside the Romanian, optional (docs/decisions/0163-menu-content-in-two-languages.md).
      str('name_en'),
      str('short_label_en'),
      text('description_en'),
      str('icon', false, ''),
      int('sort_order'),
      flag('is_active', true),
      time('created_at'),
    ],
  },
  {
    collection: 'menu_items',
    fields: [
      str('name', false, ''),
      str('sku'),
      text('description'),
      // Issue 23: English beside the Romanian (a dish's, and an option's: options are menu items too).
      str('name_en'),
      text('description_en'),
      lei('price'),
      m2o('category_id', 'menu_categories', 'NO ACTION', true),
      str('image'),
      str('unit', false, 'Buc'),
      flag('is_active', true),
      flag('is_featured', false),
      flag('is_standalone', true),
      flag('is_modifier', false),
      flag('sold_out', false),
      int('sort_order'),
      time('created_at'),
      time('updated_at'),
    ],
  },
  {
    collection: 'modifier_groups',
    fields: [
      str('name', false, ''),
      text('description'),
      str('name_en'),
      text('description_en'),
      flag('is_required', false),
      int('min_selections'),
      int('max_selections', 1),
      int('sort_order'),
      flag('is_active', true),
    ],
  },
  {
    collection: 'menu_items_modifier_groups',
    fields: [m2o('menu_items_id', 'menu_items', 'CASCADE'), m2o('modifier_groups_id', 'modifier_groups', 'CASCADE'), int('sort_order')],
  },
  {
    // The options of a group: menu items flagged is_modifier, priced by price_adjustment.
    collection: 'modifier_group_items',
    fields: [
      m2o('modifier_group_id', 'modifier_groups', 'CASCADE'),
      m2o('menu_item_id', 'menu_items', 'CASCADE'),
      lei('price_adjustment'),
      int('sort_order'),
      flag('is_default', false),
    ],
  },
  {
    collection: 'orders',
    fields: [
      { ...str('order_number', false, ''), unique: true },
      str('customer_name'),
      str('customer_email'),
      str('customer_phone'),
      m2o('customer_id', 'directus_users', 'NO ACTION', true),
      text('delivery_address'),
      text('delivery_instructions'),
      int('address_id', null),
      { field: 'delivery_latitude', type: 'float', nullable: true },
      { field: 'delivery_longitude', type: 'float', nullable: true },
      { field: 'delivery_distance_km', type: 'float', nullable: true },
      str('delivery_zone_name'),
      lei('subtotal'),
      lei('delivery_fee'),
      lei('tax_amount'),
      lei('discount_amount'),
      lei('total_amount'),
      int('loyalty_points_earned'),
      int('loyalty_points_used'),
      str('payment_method', false, 'cash'),
      str('payment_status', false, 'pending'),
      str('status', false, 'pending'),
      str('estimated_delivery_time'),
      time('delivered_at'),
      text('customer_notes'),
      text('kitchen_notes'),
      str('stripe_payment_intent_id'),
      time('created_at'),
      time('updated_at'),
    ],
  },
  {
    collection: 'order_items',
    fields: [
      { ...m2o('order_id', 'orders', 'CASCADE'), oneField: 'order_items' },
      str('sku'),
      int('menu_item_id', null),
      str('item_name', false, ''),
      lei('base_price'),
      int('quantity', 1),
      { field: 'selected_modifiers', type: 'json', nullable: true },
      lei('item_total'),
      text('special_instructions'),
    ],
  },
  {
    collection: 'customer_addresses',
    fields: [
      str('label', false, 'home'),
      str('street_address', false, ''),
      str('apartment', true, ''),
      str('city', false, 'Ploiești'),
      str('postal_code'),
      str('country', false, 'Romania'),
      { field: 'latitude', type: 'float', nullable: true },
      { field: 'longitude', type: 'float', nullable: true },
      text('formatted_address'),
      str('place_id'),
      flag('is_validated', false),
      time('last_validated_at'),
      str('validation_method'),
      text('validation_notes'),
      text('delivery_instructions'),
      flag('is_deliverable', false),
      str('delivery_zone_name'),
      str('estimated_delivery_time'),
      { ...lei('delivery_fee_override', true) },
      { field: 'distance_km', type: 'float', nullable: true },
      flag('is_default', false),
      time('created_at'),
      time('updated_at'),
      m2o('Customer', 'directus_users', 'CASCADE'),
    ],
  },
];

/** Spec §3 User has a phone; Directus users have none by default. */
export const DIRECTUS_USER_FIELDS: FieldDef[] = [str('phone')];
