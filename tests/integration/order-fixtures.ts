/**
 * Order test fixtures: the seeded catalogue read back from the store (with groups and options),
 * valid lines for any item, delivery addresses inserted straight into customer_addresses, and a
 * placeOrder helper that sends a fresh Idempotency-Key unless told otherwise.
 */
import { randomUUID } from 'node:crypto';

import type { CreateOrderInput, Order } from '../../src/shared/schemas/order';
import type { TestApp } from '../setup/test-app';
import type { TestUser } from '../setup/auth';

export interface CatalogueOption {
  id: number;
  groupId: number;
  priceBani: number;
  isActive: boolean;
  soldOut: boolean;
}
export interface CatalogueGroup {
  id: number;
  isRequired: boolean;
  min: number;
  max: number;
  options: CatalogueOption[];
}
export interface CatalogueItem {
  id: number;
  name: string;
  priceBani: number;
  groups: CatalogueGroup[];
}

/** Active, standalone, not-sold-out items with their active groups and options. */
export async function loadCatalogue(t: TestApp): Promise<CatalogueItem[]> {
  const db = t.deps.store.db;
  const items = await db
    .selectFrom('menu_items')
    .select(['id', 'name', 'price_bani'])
    .where('is_active', '=', 1)
    .where('sold_out', '=', 0)
    .where('is_standalone', '=', 1)
    .orderBy('id')
    .execute();
  const links = await db
    .selectFrom('menu_items_modifier_groups')
    .innerJoin('modifier_groups', 'modifier_groups.id', 'menu_items_modifier_groups.modifier_groups_id')
    .select(['menu_items_id', 'modifier_groups.id', 'is_required', 'min_selections', 'max_selections'])
    .where('modifier_groups.is_active', '=', 1)
    .execute();
  const options = await db
    .selectFrom('modifier_options')
    .select(['id', 'modifier_group_id', 'price_bani', 'is_active', 'sold_out'])
    .orderBy('id')
    .execute();
  return items.map((item) => ({
    id: item.id,
    name: item.name,
    priceBani: item.price_bani,
    groups: links
      .filter((link) => link.menu_items_id === item.id)
      .map((link) => ({
        id: link.id,
        isRequired: link.is_required === 1,
        min: link.min_selections,
        max: link.max_selections,
        options: options
          .filter((o) => o.modifier_group_id === link.id)
          .map((o) => ({
            id: o.id,
            groupId: o.modifier_group_id,
            priceBani: o.price_bani,
            isActive: o.is_active === 1,
            soldOut: o.sold_out === 1,
          })),
      })),
  }));
}

/** The fewest modifiers that satisfy every group of the item (required groups get their minimum). */
export function minimalModifiers(item: CatalogueItem): number[] {
  return item.groups.flatMap((group) => {
    const need = group.isRequired ? Math.max(1, group.min) : 0;
    return group.options
      .filter((o) => o.isActive && !o.soldOut)
      .slice(0, need)
      .map((o) => o.id);
  });
}

export const CUSTOMER = { firstName: 'Ana', lastName: 'Popescu', email: 'ana@example.ro', phone: '0722 123 456' };

export const BUCHAREST_CENTRE = { latitude: 44.9415, longitude: 26.0235 };

export async function insertAddress(t: TestApp, customerId: number, point: { latitude: number; longitude: number } = BUCHAREST_CENTRE) {
  const now = t.deps.clock.now().toISOString();
  const { id } = await t.deps.store.db
    .insertInto('customer_addresses')
    .values({
      customer_id: customerId,
      label: 'home',
      custom_label: null,
      street_address: 'Strada Mihai Bravu 10',
      apartment: null,
      bloc: 'A3',
      scara: '2',
      etaj: '4',
      apartament: '17',
      interfon: null,
      city: 'Ploiești',
      postal_code: '100410',
      country: 'Romania',
      latitude: point.latitude,
      longitude: point.longitude,
      formatted_address: 'Strada Mihai Bravu 10, Ploiești',
      place_id: 'test-place',
      pin_confirmed: 1,
      is_validated: 1,
      last_validated_at: now,
      validation_method: 'test',
      validation_notes: null,
      delivery_instructions: 'Sunați la interfon',
      is_deliverable: 1,
      delivery_zone_name: '1.0 km Center',
      estimated_delivery_time: '30-45 minutes',
      delivery_fee_override_bani: null,
      distance_km: 1,
      is_default: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function firstLocationId(t: TestApp): Promise<number> {
  const row = await t.deps.store.db.selectFrom('locations').select('id').orderBy('sort_order').orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

export function pickupBody(locationId: number, items: CatalogueItem[], overrides: Partial<CreateOrderInput> = {}): CreateOrderInput {
  return {
    items: items.map((item) => ({ menuItemId: item.id, quantity: 1, modifierIds: minimalModifiers(item) })),
    fulfilment: { type: 'pickup', locationId },
    paymentMethod: 'cash',
    customer: CUSTOMER,
    ...overrides,
  };
}

export async function postOrder(t: TestApp, user: TestUser, body: unknown, key: string = randomUUID()): Promise<Response> {
  return t.request('/api/orders', { method: 'POST', json: body, headers: { cookie: user.cookie, 'Idempotency-Key': key } });
}

export async function placeOrder(t: TestApp, user: TestUser, body: unknown): Promise<Order> {
  const response = await postOrder(t, user, body);
  if (response.status !== 201) throw new Error(`order refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { order: Order }).order;
}
