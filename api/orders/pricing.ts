/**
 * Server-side order pricing and acceptance (issue 5, ARCHITECTURE "Server rules"): everything the
 * customer sees on the bill is recomputed here from the store, inside the creation transaction,
 * so a client's prices, totals and statuses never matter. Checks, in order: open toggles and
 * opening hours, pickup location / delivery address ownership, items and modifiers available
 * (not deleted, not hidden, inside the dish's availability windows, not sold out),
 * modifier group rules, per-kg portions (issue 27), the kitchen a delivery goes to (issue 22:
 * re-decided from the stored pin, the open kitchen whose zone covers it, nearest then least loaded,
 * api/lib/kitchen-routing.ts), that kitchen's minimum order (delivery; pickup only when the manager
 * extends it), its fee band and free threshold, and the total the customer confirmed (409
 * price_changed when it moved while an offline order waited).
 *
 * An order for later (`when: slot`) is judged at the slot's start: the kitchens' hours and the
 * dishes' availability windows then, the manager's open toggles now; the slot itself is checked by
 * api/orders/schedule.ts. docs/decisions/0136-each-kitchen-runs-its-own-delivery.md.
 *
 * Reads go through the caller's transaction: on SQLite the transaction holds the one connection,
 * and it also gives one consistent snapshot of prices.
 */
import type { Transaction } from 'kysely';

import type { Bani } from '../../src/shared/money';
import { asBani } from '../../src/shared/money';
import type { GroupRule } from '../../src/shared/domain/modifier-rules';
import { selectionProblems } from '../../src/shared/domain/modifier-rules';
import { isAvailableAt, nextAvailableFrom } from '../../src/shared/domain/dish-availability';
import { nextOpening } from '../../src/shared/domain/opening-hours';
import { linePriceBani, subtotalBani, unitPriceWithModifiersBani } from '../../src/shared/domain/pricing';
import type { WeightProblem } from '../../src/shared/domain/weight-pricing';
import { LEGACY_WEIGHT_GRAMS, weighingOf, weightProblem } from '../../src/shared/domain/weight-pricing';
import { romanianBlockDetails } from '../../src/shared/domain/romanian-address';
import { quoteDeliveryFee } from '../../src/shared/domain/delivery-fees';
import { zoneBandFor, zoneName } from '../../src/shared/domain/zones';
import type { CreateOrderInput, DeliveryAddress, PriceChange } from '../../src/shared/schemas/order';
import type { Location } from '../../src/shared/schemas/restaurant';
import type { StoreDialect } from '../store/dialect';
import { locationFromRow } from '../store/location-row';
import { SETTINGS_ROW_ID } from '../store/seed';
import type { Database, LocationRow, SettingsRow } from '../store/schema';
import { availabilityOf } from '../menu-editor/rows';
import { apiError, HTTP_STATUS } from '../lib/http-errors';
import { addressNotDeliverable, kitchenTakesOrders, routeKitchen } from '../lib/kitchen-routing';
import type { StoredModifier } from '../lib/order-records';
import { routeDeliveryForSlot } from './schedule';

export interface PricedLine {
  menuItemId: number;
  sku: string;
  itemName: string;
  /** The dish's price: per kilogram when weightGrams is set. */
  basePriceBani: Bani;
  quantity: number;
  /** Per-kg dishes: the portion in grams (per unit of quantity); null for dishes by the piece. */
  weightGrams: number | null;
  modifiers: StoredModifier[];
  itemTotalBani: Bani;
  specialInstructions: string | null;
}

export interface PricedOrder {
  lines: PricedLine[];
  subtotalBani: Bani;
  deliveryFeeBani: Bani;
  taxBani: Bani;
  discountBani: Bani;
  totalBani: Bani;
  settings: SettingsRow;
  /** Issue 22: the kitchen that cooks it: the pickup location, or the one a delivery was routed to. */
  location: LocationRow | null;
  delivery: {
    addressId: number;
    /** The order's own copy of the address (issue 27: every field the customer typed). */
    address: DeliveryAddress;
    instructions: string | null;
    latitude: number;
    longitude: number;
    distanceKm: number;
    zoneName: string | null;
    estimatedTime: string | null;
  } | null;
}

export interface UnavailableItem {
  menuItemId: number;
  name: string | null;
  /**
   * 'hidden': the manager hid the dish or its category (issue 18); 'not_available_now': outside the
   * dish's availability windows (then availableFrom says when it comes back, or null).
   */
  reason: 'not_found' | 'inactive' | 'hidden' | 'not_available_now' | 'sold_out' | 'not_standalone';
  modifierId?: number;
  availableFrom?: string | null;
}

/** 422 weight_invalid details: a portion the dish is not sold in (issue 27). */
export interface WeightRefusal {
  line: number;
  menuItemId: number;
  name: string;
  weightGrams: number | null;
  problem: WeightProblem | 'not_sold_by_weight';
  stepGrams: number | null;
  minGrams: number | null;
}

/** The earliest next opening among these kitchens' hours (a kitchen switched off has none). */
function nextOpeningOf(kitchens: readonly Location[], now: Date): string | null {
  const next = kitchens
    .filter((kitchen) => kitchen.isOpen)
    .map((kitchen) => nextOpening(kitchen.openingHours, now))
    .filter((at): at is Date => at !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return next ? next.toISOString() : null;
}

function closedError(message: string, nextOpeningAt: string | null) {
  return apiError(HTTP_STATUS.UNPROCESSABLE, 'restaurant_closed', message, { nextOpeningAt });
}

/**
 * "Birou 2, Bl. A3, Sc. 2, Et. 4, Ap. 17, Interfon 17": the apartment/unit line first, then the
 * Romanian block fields; null when all are empty. The unit is kept even beside the block fields
 * (issue 4: both are carried into orders).
 */
export function blockDetails(address: {
  bloc: string | null;
  scara: string | null;
  etaj: string | null;
  apartament: string | null;
  interfon: string | null;
  apartment: string | null;
}): string | null {
  return romanianBlockDetails({ street: '', ...address });
}

/**
 * Per line whose unit price (dish + options) differs from the one the customer saw: its name, the
 * old and the new unit price. Lines sent without a seen price (older clients) are not compared.
 */
export function priceChangesOf(input: CreateOrderInput, lines: readonly PricedLine[]): PriceChange['changes'] {
  const changes: PriceChange['changes'] = [];
  input.items.forEach((line, index) => {
    const priced = lines[index];
    if (!priced || line.expectedUnitPriceBani === undefined) return;
    const unitBani = unitPriceWithModifiersBani({
      unitPriceBani: priced.basePriceBani,
      modifierPricesBani: priced.modifiers.map((m) => asBani(m.price_bani)),
      weightGrams: priced.weightGrams,
    });
    if (unitBani === line.expectedUnitPriceBani) return;
    if (changes.some((c) => c.menuItemId === priced.menuItemId && c.beforeBani === line.expectedUnitPriceBani && c.afterBani === unitBani))
      return;
    changes.push({
      menuItemId: priced.menuItemId,
      name: priced.itemName,
      kind: 'price',
      beforeBani: line.expectedUnitPriceBani,
      afterBani: unitBani,
    });
  });
  return changes;
}

/**
 * `dialect` lets a delivery for later lock the kitchens it weighs (PostgreSQL) before counting their
 * slots (api/orders/schedule.ts routeDeliveryForSlot).
 */
export async function priceOrder(
  trx: Transaction<Database>,
  input: CreateOrderInput,
  customerId: number,
  now: Date,
  dialect: StoreDialect,
): Promise<PricedOrder> {
  const settings = await trx.selectFrom('restaurant_settings').selectAll().where('id', '=', SETTINGS_ROW_ID).executeTakeFirstOrThrow();
  const locationRows = await trx.selectFrom('locations').selectAll().orderBy('sort_order').orderBy('id').execute();
  const locations = locationRows.map(locationFromRow);
  // An order for later is cooked at its slot: hours and dish windows are read then (the slot's own
  // checks are api/orders/schedule.ts's). As soon as possible: now.
  const forLater = input.when?.type === 'slot';
  const at = input.when?.type === 'slot' ? new Date(input.when.slotStart) : now;

  // 1. Open? The manager's toggle first (no known reopening), then the kitchens' own toggles and hours.
  if (settings.is_open !== 1) {
    throw closedError('The restaurant is not taking orders right now.', null);
  }
  let location: LocationRow | null = null;
  if (input.fulfilment.type === 'pickup') {
    const locationId = input.fulfilment.locationId;
    location = locationRows.find((l) => l.id === locationId) ?? null;
    if (!location) throw apiError(HTTP_STATUS.NOT_FOUND, 'location_not_found', 'This pickup location does not exist.');
  }
  // Pickup: that location. Delivery: some kitchen must take orders (which one is decided by the pin, step 7).
  const pickupId = location?.id;
  const kitchens = pickupId === undefined ? locations : locations.filter((l) => l.id === pickupId);
  if (!kitchens.some((kitchen) => kitchenTakesOrders(kitchen, true, at, forLater))) {
    throw closedError(
      location ? 'This location is closed right now.' : 'The restaurant is closed right now.',
      forLater ? null : nextOpeningOf(kitchens, now),
    );
  }

  // 2. The delivery address must be this customer's (someone else's reads as missing).
  let addressRow = null;
  if (input.fulfilment.type === 'delivery') {
    addressRow =
      (await trx
        .selectFrom('customer_addresses')
        .selectAll()
        .where('id', '=', input.fulfilment.addressId)
        .where('customer_id', '=', customerId)
        .executeTakeFirst()) ?? null;
    if (!addressRow) throw apiError(HTTP_STATUS.NOT_FOUND, 'address_not_found', 'This delivery address was not found.');
  }

  // 3. Items and modifiers exist, are active and not sold out.
  const itemIds = [...new Set(input.items.map((line) => line.menuItemId))];
  const optionIds = [...new Set(input.items.flatMap((line) => line.modifierIds))];
  const [itemRows, linkRows, optionRows] = await Promise.all([
    trx
      .selectFrom('menu_items')
      .innerJoin('menu_categories', 'menu_categories.id', 'menu_items.category_id')
      .select([
        'menu_items.id',
        'menu_items.name',
        'menu_items.sku',
        'menu_items.price_bani',
        'menu_items.unit',
        'menu_items.weight_step_grams',
        'menu_items.weight_min_grams',
        'menu_items.is_active',
        'menu_items.is_standalone',
        'menu_items.sold_out',
        'menu_items.is_hidden',
        'menu_items.availability',
        'menu_categories.is_active as category_active',
        'menu_categories.is_hidden as category_hidden',
      ])
      .where('menu_items.id', 'in', itemIds)
      .execute(),
    trx
      .selectFrom('menu_items_modifier_groups')
      .innerJoin('modifier_groups', 'modifier_groups.id', 'menu_items_modifier_groups.modifier_groups_id')
      .select([
        'menu_items_modifier_groups.menu_items_id as item_id',
        'modifier_groups.id',
        'modifier_groups.is_required',
        'modifier_groups.min_selections',
        'modifier_groups.max_selections',
      ])
      .where('menu_items_modifier_groups.menu_items_id', 'in', itemIds)
      .where('modifier_groups.is_active', '=', 1)
      .execute(),
    optionIds.length > 0
      ? trx
          .selectFrom('modifier_options')
          .select(['id', 'modifier_group_id', 'name', 'sku', 'price_bani', 'is_active', 'sold_out'])
          .where('id', 'in', optionIds)
          .execute()
      : Promise.resolve([]),
  ]);
  const items = new Map(itemRows.map((row) => [row.id, row]));
  const options = new Map(optionRows.map((row) => [row.id, row]));
  const groupIdsOfItem = new Map<number, typeof linkRows>();
  for (const link of linkRows) groupIdsOfItem.set(link.item_id, [...(groupIdsOfItem.get(link.item_id) ?? []), link]);

  const unavailable: UnavailableItem[] = [];
  for (const line of input.items) {
    const item = items.get(line.menuItemId);
    if (!item) unavailable.push({ menuItemId: line.menuItemId, name: null, reason: 'not_found' });
    else if (item.is_active !== 1 || item.category_active !== 1)
      unavailable.push({ menuItemId: item.id, name: item.name, reason: 'inactive' });
    else if (item.is_hidden === 1 || item.category_hidden === 1)
      unavailable.push({ menuItemId: item.id, name: item.name, reason: 'hidden' });
    else if (!isAvailableAt(availabilityOf(item.availability), at)) {
      const next = nextAvailableFrom(availabilityOf(item.availability), at);
      unavailable.push({
        menuItemId: item.id,
        name: item.name,
        reason: 'not_available_now',
        availableFrom: next ? next.toISOString() : null,
      });
    } else if (item.sold_out === 1) unavailable.push({ menuItemId: item.id, name: item.name, reason: 'sold_out' });
    else if (item.is_standalone !== 1) unavailable.push({ menuItemId: item.id, name: item.name, reason: 'not_standalone' });
    for (const optionId of line.modifierIds) {
      const option = options.get(optionId);
      if (!option) unavailable.push({ menuItemId: line.menuItemId, name: null, reason: 'not_found', modifierId: optionId });
      else if (option.is_active !== 1)
        unavailable.push({ menuItemId: line.menuItemId, name: option.name, reason: 'inactive', modifierId: optionId });
      else if (option.sold_out === 1)
        unavailable.push({ menuItemId: line.menuItemId, name: option.name, reason: 'sold_out', modifierId: optionId });
    }
  }
  if (unavailable.length > 0) {
    throw apiError(HTTP_STATUS.UNPROCESSABLE, 'item_unavailable', 'Some items are no longer available.', unavailable);
  }

  // 4. Every group's min/max; a modifier must belong to one of the item's own groups.
  const ruleProblems: { line: number; menuItemId: number; problems: unknown[] }[] = [];
  input.items.forEach((line, index) => {
    const groups = groupIdsOfItem.get(line.menuItemId) ?? [];
    const groupIds = new Set(groups.map((g) => g.id));
    const selection = new Map<number, number[]>();
    const problems: unknown[] = [];
    for (const optionId of line.modifierIds) {
      const groupId = options.get(optionId)!.modifier_group_id;
      if (!groupIds.has(groupId)) problems.push({ kind: 'foreign-option', optionId });
      selection.set(groupId, [...(selection.get(groupId) ?? []), optionId]);
    }
    const rules: GroupRule[] = groups.map((g) => ({
      id: g.id,
      isRequired: g.is_required === 1,
      minSelections: g.min_selections,
      maxSelections: g.max_selections,
      options: optionRows.filter((o) => o.modifier_group_id === g.id).map((o) => ({ id: o.id })),
    }));
    problems.push(...selectionProblems(rules, selection));
    if (problems.length > 0) ruleProblems.push({ line: index, menuItemId: line.menuItemId, problems });
  });
  if (ruleProblems.length > 0) {
    throw apiError(HTTP_STATUS.UNPROCESSABLE, 'modifier_rule', 'Some choices do not follow the dish options.', ruleProblems);
  }

  // 4b. Per-kg dishes come in the dish's steps; a line without a weight is the whole kilogram older
  // clients sold. Dishes by the piece take no weight.
  const weights: (number | null)[] = [];
  const weightRefusals: WeightRefusal[] = [];
  input.items.forEach((line, index) => {
    const item = items.get(line.menuItemId)!;
    const weighing = weighingOf({
      unit: item.unit,
      weightStepGrams: item.weight_step_grams ?? undefined,
      weightMinGrams: item.weight_min_grams ?? undefined,
    });
    const refusal = { line: index, menuItemId: item.id, name: item.name, weightGrams: line.weightGrams ?? null };
    if (!weighing) {
      weights.push(null);
      if (line.weightGrams !== undefined)
        weightRefusals.push({ ...refusal, problem: 'not_sold_by_weight', stepGrams: null, minGrams: null });
      return;
    }
    const grams = line.weightGrams ?? LEGACY_WEIGHT_GRAMS;
    weights.push(grams);
    const problem = weightProblem(weighing, grams);
    if (problem) weightRefusals.push({ ...refusal, weightGrams: grams, problem, ...weighing });
  });
  if (weightRefusals.length > 0) {
    throw apiError(HTTP_STATUS.UNPROCESSABLE, 'weight_invalid', 'Some portions are not a weight the restaurant sells.', weightRefusals);
  }

  // 5. Prices from the store only.
  const lines: PricedLine[] = input.items.map((line, index) => {
    const item = items.get(line.menuItemId)!;
    const weightGrams = weights[index] ?? null;
    const modifiers: StoredModifier[] = line.modifierIds.map((id) => {
      const option = options.get(id)!;
      return {
        modifier_id: option.id,
        name: option.name,
        sku: option.sku,
        price_bani: option.price_bani,
        group_id: option.modifier_group_id,
      };
    });
    const priced = {
      unitPriceBani: asBani(item.price_bani),
      modifierPricesBani: modifiers.map((m) => asBani(m.price_bani)),
      quantity: line.quantity,
      weightGrams,
    };
    return {
      menuItemId: item.id,
      sku: item.sku,
      itemName: item.name,
      basePriceBani: asBani(item.price_bani),
      quantity: line.quantity,
      weightGrams,
      modifiers,
      itemTotalBani: linePriceBani(priced),
      specialInstructions: line.specialInstructions?.trim() || null,
    };
  });
  const subtotal = subtotalBani(
    lines.map((l) => ({
      unitPriceBani: l.basePriceBani,
      modifierPricesBani: l.modifiers.map((m) => asBani(m.price_bani)),
      quantity: l.quantity,
      weightGrams: l.weightGrams,
    })),
  );

  // 6. The kitchen a delivery goes to, decided again from the stored pin: the open kitchen whose zone
  // covers it, nearest, then the less loaded (api/lib/kitchen-routing.ts). For later: the covering
  // kitchen that has the slot (its hours, lead time and room in it), nearest, then the less loaded;
  // none has it: the slot refusal with every covering kitchen's next free slots
  // (api/orders/schedule.ts routeDeliveryForSlot, docs/decisions/0150-routing-weighs-the-slot.md).
  let delivery: PricedOrder['delivery'] = null;
  let deliveryFee = asBani(0);
  if (addressRow) {
    const pin = { latitude: addressRow.latitude, longitude: addressRow.longitude };
    const routing =
      input.when?.type === 'slot'
        ? await routeDeliveryForSlot(trx, dialect, {
            pin,
            rows: locationRows,
            restaurantOpen: true,
            slotStart: input.when.slotStart,
            now,
          })
        : await routeKitchen(trx, pin, locationRows, (kitchen) => kitchenTakesOrders(kitchen, true, at));
    const route = routing.route;
    if (route.kind === 'out_of_zone' || route.kind === 'no_locations') throw addressNotDeliverable(route);
    if (route.kind === 'closed') {
      const covering = route.covering.map((k) => routing.locations.get(k.location.id)!);
      throw closedError('The kitchen that delivers to this address is closed right now.', nextOpeningOf(covering, now));
    }
    const kitchen = route.kitchen;
    location = routing.rows.get(kitchen.location.id)!;
    const quote = quoteDeliveryFee(kitchen.location.deliveryFees, kitchen.exactDistanceKm, subtotal);
    // Routing only answers kitchens whose bands price the distance; a quote beyond them would be a bug.
    if (quote.kind !== 'priced') throw new Error(`kitchen ${kitchen.location.id} has no fee band for ${quote.distanceKm} km`);
    deliveryFee = asBani(quote.feeBani);
    const zone = zoneBandFor(kitchen.exactDistanceKm);
    delivery = {
      addressId: addressRow.id,
      address: {
        street: addressRow.street_address,
        city: addressRow.city,
        postalCode: addressRow.postal_code,
        formatted: addressRow.formatted_address,
        details: blockDetails(addressRow),
        // A snapshot: a later edit of the saved address never changes where this order went.
        houseNumber: addressRow.house_number,
        apartment: addressRow.apartment,
        bloc: addressRow.bloc,
        scara: addressRow.scara,
        etaj: addressRow.etaj,
        apartament: addressRow.apartament,
        interfon: addressRow.interfon,
      },
      instructions: addressRow.delivery_instructions,
      latitude: addressRow.latitude,
      longitude: addressRow.longitude,
      // From the kitchen that cooks it (issue 22), no longer from one restaurant-wide base point.
      distanceKm: kitchen.distanceKm,
      zoneName: zoneName(kitchen.exactDistanceKm, zone.band),
      estimatedTime: zone.estimatedTime,
    };
  }

  // 7. Minimum order of the kitchen that cooks it, on the food (the delivery fee does not count
  // towards it). A delivery rule; pickup orders meet it only when the manager extends it to pickup (issue 27).
  const minimumApplies = input.fulfilment.type === 'delivery' || settings.minimum_order_applies_to_pickup === 1;
  const minimumOrderBani = location ? location.minimum_order_bani : 0;
  if (minimumApplies && subtotal < minimumOrderBani) {
    throw apiError(HTTP_STATUS.UNPROCESSABLE, 'below_minimum', 'The order is below the minimum order value.', {
      minimumOrderBani,
      subtotalBani: subtotal,
    });
  }

  const tax = asBani(0);
  const discount = asBani(0);
  const total = asBani(subtotal + deliveryFee + tax - discount);

  // 8. The customer confirmed a different total (prices moved while the order waited offline).
  if (input.expectedTotalBani !== undefined && input.expectedTotalBani !== total) {
    const details: PriceChange = { expectedTotalBani: input.expectedTotalBani, totalBani: total, changes: priceChangesOf(input, lines) };
    throw apiError(HTTP_STATUS.CONFLICT, 'price_changed', 'Prices changed since you confirmed this order. Please review it.', details);
  }

  return {
    lines,
    subtotalBani: subtotal,
    deliveryFeeBani: deliveryFee,
    taxBani: tax,
    discountBani: discount,
    totalBani: total,
    settings,
    location,
    delivery,
  };
}
