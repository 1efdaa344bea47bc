/**
 * Initial schema: every entity of spec §3 plus locations, idempotency keys and the server outbox.
 * Forward-only: never edit a shipped migration, add the next one.
 */
import type { CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';

import type { StoreDialect } from '../dialect';

// Kysely's migration API is untyped by design: a migration sees the schema as it was then.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: StoreDialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function initialMigration(dialect: StoreDialect) {
  return {
    async up(db: AnyDb): Promise<void> {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('avatar', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('customer'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // E-mail is unique whatever its case.
      await sql`create unique index users_email_lower on users (lower(email))`.execute(db);

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('restaurant_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('delivery_fee_bani', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('minimum_order_bani', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('estimated_delivery_time', 'text', (c) => c.notNull().defaultTo('30-45 minutes'))
        .addColumn('delivery_radius_km', 'real', (c) => c.notNull().defaultTo(10))
        .addColumn('zone_validation_type', 'text', (c) => c.notNull().defaultTo('radius'))
        .addColumn('delivery_zone_name', 'text', (c) => c.notNull().defaultTo('ploiești'))
        .addColumn('delivery_base_lat', 'real', (c) => c.notNull().defaultTo(44.9537))
        .addColumn('delivery_base_lng', 'real', (c) => c.notNull().defaultTo(26.0224))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('locations'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('latitude', 'real', (c) => c.notNull())
        .addColumn('longitude', 'real', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('opening_hours', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await withId(db.schema.createTable('menu_categories'), dialect)
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('short_label', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('icon', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('menu_items'), dialect)
        .addColumn('category_id', 'integer', (c) => c.notNull().references('menu_categories.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text')
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('price_bani', 'integer', (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_featured', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_standalone', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('menu_items_category').on('menu_items').column('category_id').execute();

      await withId(db.schema.createTable('modifier_groups'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('is_required', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('min_selections', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_selections', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await withId(db.schema.createTable('modifier_options'), dialect)
        .addColumn('modifier_group_id', 'integer', (c) => c.notNull().references('modifier_groups.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull().unique())
        .addColumn('price_bani', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('menu_items_modifier_groups')
        .addColumn('menu_items_id', 'integer', (c) => c.notNull().references('menu_items.id').onDelete('cascade'))
        .addColumn('modifier_groups_id', 'integer', (c) => c.notNull().references('modifier_groups.id').onDelete('cascade'))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('menu_items_modifier_groups_pk', ['menu_items_id', 'modifier_groups_id'])
        .execute();

      await withId(db.schema.createTable('orders'), dialect)
        .addColumn('order_number', 'text', (c) => c.notNull().unique())
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('customer_name', 'text', (c) => c.notNull())
        .addColumn('customer_email', 'text', (c) => c.notNull())
        .addColumn('customer_phone', 'text', (c) => c.notNull())
        .addColumn('fulfilment', 'text', (c) => c.notNull())
        .addColumn('location_id', 'integer', (c) => c.references('locations.id'))
        .addColumn('address_id', 'integer')
        .addColumn('delivery_address', 'text')
        .addColumn('delivery_details', 'text')
        .addColumn('delivery_instructions', 'text')
        .addColumn('delivery_latitude', 'real')
        .addColumn('delivery_longitude', 'real')
        .addColumn('delivery_distance_km', 'real')
        .addColumn('delivery_zone_name', 'text')
        .addColumn('subtotal_bani', 'integer', (c) => c.notNull())
        .addColumn('delivery_fee_bani', 'integer', (c) => c.notNull())
        .addColumn('tax_bani', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('discount_bani', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_bani', 'integer', (c) => c.notNull())
        .addColumn('loyalty_points_earned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('loyalty_points_used', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('received'))
        .addColumn('estimated_delivery_time', 'text')
        .addColumn('delivered_at', 'text')
        .addColumn('customer_notes', 'text')
        .addColumn('kitchen_notes', 'text')
        .addColumn('cancel_reason', 'text')
        .addColumn('stripe_payment_intent_id', 'text')
        .addColumn('checkout_session_id', 'text')
        .addColumn('receipt_url', 'text')
        .addColumn('pos_injection_status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('pos_last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('orders_customer_created').on('orders').columns(['customer_id', 'created_at']).execute();

      await withId(db.schema.createTable('order_items'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('menu_item_id', 'integer', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('item_name', 'text', (c) => c.notNull())
        .addColumn('base_price_bani', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('selected_modifiers', 'text', (c) => c.notNull())
        .addColumn('item_total_bani', 'integer', (c) => c.notNull())
        .addColumn('special_instructions', 'text')
        .execute();
      await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();

      await withId(db.schema.createTable('customer_addresses'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('label', 'text', (c) => c.notNull().defaultTo('home'))
        .addColumn('custom_label', 'text')
        .addColumn('street_address', 'text', (c) => c.notNull())
        .addColumn('apartment', 'text')
        .addColumn('bloc', 'text')
        .addColumn('scara', 'text')
        .addColumn('etaj', 'text')
        .addColumn('apartament', 'text')
        .addColumn('interfon', 'text')
        .addColumn('city', 'text', (c) => c.notNull().defaultTo('Ploiești'))
        .addColumn('postal_code', 'text')
        .addColumn('country', 'text', (c) => c.notNull().defaultTo('Romania'))
        .addColumn('latitude', 'real', (c) => c.notNull())
        .addColumn('longitude', 'real', (c) => c.notNull())
        .addColumn('formatted_address', 'text', (c) => c.notNull())
        .addColumn('place_id', 'text', (c) => c.notNull())
        .addColumn('pin_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_validated', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_validated_at', 'text')
        .addColumn('validation_method', 'text')
        .addColumn('validation_notes', 'text')
        .addColumn('delivery_instructions', 'text')
        .addColumn('is_deliverable', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('delivery_zone_name', 'text')
        .addColumn('estimated_delivery_time', 'text')
        .addColumn('delivery_fee_override_bani', 'integer')
        .addColumn('distance_km', 'real')
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('customer_addresses_customer').on('customer_addresses').column('customer_id').execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
        .execute();

      await withId(db.schema.createTable('outbox'), dialect)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text')
        .addColumn('locked_by', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
    },
  };
}
