/**
 * The settings form's pure rules (spec §2 Admin settings, §5 Admin form, §9 radius): the form holds
 * what the manager types (lei as text with step 0.01, a radius as text from slider or presets),
 * the API holds integer bani and numbers. Conversions live here so they are unit tested. Issue 22:
 * the delivery fee, minimum order and radius are each kitchen's (the Kitchens section, location-form.ts);
 * the restaurant-wide form no longer holds them
 * (docs/decisions/0148-address-zones-are-the-kitchens-zones.md).
 */
import type { MessageId, MessageValues } from '../../lib/i18n';
import type { Locale } from '../../shared/i18n/locales';
import { DEFAULT_LOCALE, perLocale } from '../../shared/i18n/locales';
import { BANI_PER_LEU, formatBaniDecimal } from '../../shared/money';
import type { Bani } from '../../shared/money';
import type { SettingsUpdate } from '../../shared/schemas/admin';
import { DEFAULT_RADIUS_KM, RADIUS_MAX_KM, RADIUS_MIN_KM, RADIUS_STEP_KM } from '../../shared/schemas/locations';
import { RESTAURANT_DEFAULT_CENTER } from '../../shared/schemas/address';
import type { RestaurantSettings } from '../../shared/schemas/restaurant';
import { ACCEPT_WITHIN_MINUTES_MAX, ACCEPT_WITHIN_MINUTES_MIN } from '../../shared/schemas/restaurant';

export interface SettingsForm {
  name: string;
  description: string;
  phone: string;
  email: string;
  address: string;
  isOpen: boolean;
  /** Issue 27: each kitchen's minimum is for delivery; checked, it applies to pickup orders too. */
  minimumOrderAppliesToPickup: boolean;
  estimatedDeliveryTime: string;
  /** Issue 19: minutes a new order may wait for acceptance before the board escalates, as typed ("5"). */
  acceptWithinMinutes: string;
  deliveryBaseLat: number;
  deliveryBaseLng: number;
  /** The version the form was loaded at: the save names it (optimistic concurrency). */
  version: number;
}

/** Spec §5: the radius falls back to 10 km when it is not a number; otherwise clamped to 1-25 in 0.5 steps. */
export function parseRadiusKm(value: string | number | null | undefined): number {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(String(value ?? '').replace(',', '.'));
  if (!Number.isFinite(parsed)) return DEFAULT_RADIUS_KM;
  const stepped = Math.round(parsed / RADIUS_STEP_KM) * RADIUS_STEP_KM;
  return Math.min(RADIUS_MAX_KM, Math.max(RADIUS_MIN_KM, stepped));
}

/** Spec §2 'Coverage Area': π·r² in km², one decimal. */
export function coverageAreaKm2(radiusKm: number): number {
  return Math.round(Math.PI * radiusKm * radiusKm * 10) / 10;
}

const areaFormat = perLocale(
  (tag) => new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }),
);

/** "1963.5 km²" ("1963,5 km²" in Romanian). */
export function formatCoverageArea(radiusKm: number, locale: Locale = DEFAULT_LOCALE): string {
  return `${areaFormat(locale).format(coverageAreaKm2(radiusKm))} km²`;
}

/** "7.50" / "7,5" / "7" lei -> bani; null when it is not a non-negative amount. */
export function parseLeiToBani(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(text)) return null;
  return Math.round(Number.parseFloat(text) * BANI_PER_LEU);
}

export function baniToLeiText(bani: number): string {
  return formatBaniDecimal(bani as Bani);
}

/** Spec §4: loaded settings overwrite the form; the base point defaults to the city centre if absent. */
export function settingsToForm(settings: RestaurantSettings): SettingsForm {
  const lat = Number.isFinite(settings.deliveryBaseLat) ? settings.deliveryBaseLat : RESTAURANT_DEFAULT_CENTER.latitude;
  const lng = Number.isFinite(settings.deliveryBaseLng) ? settings.deliveryBaseLng : RESTAURANT_DEFAULT_CENTER.longitude;
  return {
    name: settings.name,
    description: settings.description,
    phone: settings.phone,
    email: settings.email,
    address: settings.address,
    isOpen: settings.isOpen,
    minimumOrderAppliesToPickup: settings.minimumOrderAppliesToPickup,
    estimatedDeliveryTime: settings.estimatedDeliveryTime,
    acceptWithinMinutes: String(settings.acceptWithinMinutes),
    deliveryBaseLat: lat,
    deliveryBaseLng: lng,
    version: settings.version,
  };
}

/** "5" -> 5; null unless a whole number of minutes within the setting's bounds. */
export function parseAcceptWithinMinutes(value: string): number | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return null;
  const minutes = Number(text);
  return minutes >= ACCEPT_WITHIN_MINUTES_MIN && minutes <= ACCEPT_WITHIN_MINUTES_MAX ? minutes : null;
}

/** A problem's field and its words, a message id the screen words in its language. */
export type FormProblem = { field: keyof SettingsForm; message: MessageId; values?: MessageValues };

/**
 * The save body, or the first problem to show. The server validates the same rules again
 * (src/shared/schemas/admin.ts settingsUpdateSchema); this only catches typos before queueing.
 */
export function formToSettingsUpdate(form: SettingsForm): { ok: true; value: SettingsUpdate } | { ok: false; problem: FormProblem } {
  if (form.name.trim() === '') return { ok: false, problem: { field: 'name', message: 'admin.settings.problem.nameRequired' } };
  const acceptWithinMinutes = parseAcceptWithinMinutes(form.acceptWithinMinutes);
  if (acceptWithinMinutes === null)
    return {
      ok: false,
      problem: {
        field: 'acceptWithinMinutes',
        message: 'admin.settings.problem.acceptWithin',
        values: { min: ACCEPT_WITHIN_MINUTES_MIN, max: ACCEPT_WITHIN_MINUTES_MAX },
      },
    };
  return {
    ok: true,
    value: {
      name: form.name.trim(),
      description: form.description.trim(),
      phone: form.phone.trim(),
      email: form.email.trim(),
      address: form.address.trim(),
      isOpen: form.isOpen,
      minimumOrderAppliesToPickup: form.minimumOrderAppliesToPickup,
      estimatedDeliveryTime: form.estimatedDeliveryTime.trim(),
      acceptWithinMinutes,
      deliveryBaseLat: form.deliveryBaseLat,
      deliveryBaseLng: form.deliveryBaseLng,
      version: form.version,
    },
  };
}
