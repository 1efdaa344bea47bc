/**
 * One kitchen's form in the Locations section (issue 22): what the manager types (lei and minutes as
 * text, fee bands as rows of text) and the PUT /api/admin/locations/:id body it becomes. Pure, so the
 * fee-band editor's state (add, remove, edit a row; the last band reaching the radius) is unit tested.
 * The server validates the same rules again (locationUpdateSchema and its band-reach check); this only
 * names a problem beside its field before the request.
 */
import type { Translate } from '../../lib/i18n';
import type { LocationUpdate } from '../../shared/schemas/admin';
import { locationUpdateSchema } from '../../shared/schemas/admin';
import { MAX_FEE_BANDS } from '../../shared/schemas/locations';
import type { Location, OpeningHours } from '../../shared/schemas/restaurant';
import { baniToLeiText, parseLeiToBani, parseRadiusKm } from './settings-form';

export interface FeeBandRow {
  /** Kilometres, as typed ("3", "6.5"). */
  upToKm: string;
  /** Lei, as typed ("9.99"). */
  fee: string;
}

export interface LocationForm {
  name: string;
  address: string;
  phone: string;
  latitude: number;
  longitude: number;
  isOpen: boolean;
  radiusKm: string;
  openingHours: OpeningHours;
  leadMinutes: string;
  slotCapacity: string;
  minimumOrder: string;
  bands: FeeBandRow[];
  /** Empty: no free-delivery threshold. */
  freeAbove: string;
  version: number;
}

/** Field name (a form key, or `bands.<i>.upToKm` / `bands.<i>.fee`) -> the message shown beside it. */
export type LocationFieldErrors = Record<string, string>;

export function locationToForm(location: Location): LocationForm {
  return {
    name: location.name,
    address: location.address,
    phone: location.phone,
    latitude: location.latitude,
    longitude: location.longitude,
    isOpen: location.isOpen,
    radiusKm: String(location.zone.radiusKm),
    openingHours: location.openingHours,
    leadMinutes: String(location.leadMinutes),
    slotCapacity: String(location.slotCapacity),
    minimumOrder: baniToLeiText(location.minimumOrderBani),
    bands: location.deliveryFees.bands.map((band) => ({ upToKm: String(band.upToKm), fee: baniToLeiText(band.feeBani) })),
    freeAbove: location.deliveryFees.freeAboveBani === null ? '' : baniToLeiText(location.deliveryFees.freeAboveBani),
    version: location.version,
  };
}

/**
 * A new band: after the last one, 3 km further and at its fee; when the last band already reaches
 * the radius (the migrated one-band case), the last band is split at its middle instead (rounded to
 * 0.5 km), so the zone stays covered and the manager only types the nearer band's fee.
 */
export function addFeeBand(bands: readonly FeeBandRow[], radiusKm: string): FeeBandRow[] {
  if (bands.length >= MAX_FEE_BANDS) return [...bands];
  const radius = parseRadiusKm(radiusKm);
  const last = bands[bands.length - 1];
  const kmOf = (band: FeeBandRow | undefined) => {
    const km = band ? Number.parseFloat(band.upToKm) : 0;
    return Number.isFinite(km) ? km : 0;
  };
  if (!last) return [{ upToKm: String(radius), fee: '0.00' }];
  const lastKm = kmOf(last);
  if (lastKm < radius) return [...bands, { upToKm: String(Math.min(radius, lastKm + 3)), fee: last.fee }];
  const previousKm = kmOf(bands[bands.length - 2]);
  const middle = Math.round(((previousKm + lastKm) / 2) * 2) / 2;
  if (middle <= previousKm || middle >= lastKm) return [...bands];
  return [...bands.slice(0, -1), { upToKm: String(middle), fee: last.fee }, last];
}

/** Removing leaves at least one band (the one-band case is today's single fee). */
export function removeFeeBand(bands: readonly FeeBandRow[], index: number): FeeBandRow[] {
  if (bands.length <= 1) return [...bands];
  return bands.filter((_, i) => i !== index);
}

export function updateFeeBand(bands: readonly FeeBandRow[], index: number, patch: Partial<FeeBandRow>): FeeBandRow[] {
  return bands.map((band, i) => (i === index ? { ...band, ...patch } : band));
}

function parseKm(text: string): number | null {
  const value = Number.parseFloat(text.trim().replace(',', '.'));
  return /^\d+([.,]\d+)?$/.test(text.trim()) && Number.isFinite(value) ? value : null;
}

function parseWhole(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * The save body, or every problem by field, worded by `t` (the screen's language). The zod schema is
 * the contract's; its paths are mapped back to the form's field names (deliveryFees.bands.1.feeBani -> bands.1.fee).
 */
export function formToLocationUpdate(
  form: LocationForm,
  t: Translate,
): { ok: true; value: LocationUpdate } | { ok: false; errors: LocationFieldErrors } {
  const errors: LocationFieldErrors = {};
  const leadMinutes = parseWhole(form.leadMinutes);
  if (leadMinutes === null) errors.leadMinutes = t('admin.kitchens.error.leadMinutes');
  const slotCapacity = parseWhole(form.slotCapacity);
  if (slotCapacity === null) errors.slotCapacity = t('admin.kitchens.error.slotCapacity');
  const minimumOrderBani = parseLeiToBani(form.minimumOrder);
  if (minimumOrderBani === null) errors.minimumOrder = t('admin.kitchens.error.minimumOrder');
  const freeAboveBani = form.freeAbove.trim() === '' ? null : parseLeiToBani(form.freeAbove);
  if (form.freeAbove.trim() !== '' && freeAboveBani === null) errors.freeAbove = t('admin.kitchens.error.freeAbove');
  const bands = form.bands.map((band, index) => {
    const upToKm = parseKm(band.upToKm);
    const feeBani = parseLeiToBani(band.fee);
    if (upToKm === null) errors[`bands.${index}.upToKm`] = t('admin.kitchens.error.upTo');
    if (feeBani === null) errors[`bands.${index}.fee`] = t('admin.kitchens.error.fee');
    return { upToKm: upToKm ?? 0, feeBani: feeBani ?? 0 };
  });
  const radiusKm = parseRadiusKm(form.radiusKm);
  const last = bands[bands.length - 1];
  if (last && errors[`bands.${bands.length - 1}.upToKm`] === undefined && last.upToKm < radiusKm)
    errors[`bands.${bands.length - 1}.upToKm`] = t('admin.kitchens.error.lastBand', { radius: radiusKm });
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const parsed = locationUpdateSchema.safeParse({
    name: form.name,
    address: form.address,
    phone: form.phone,
    latitude: form.latitude,
    longitude: form.longitude,
    openingHours: form.openingHours,
    isOpen: form.isOpen,
    zone: { kind: 'radius', radiusKm },
    leadMinutes,
    slotCapacity,
    minimumOrderBani,
    deliveryFees: { bands, freeAboveBani },
    version: form.version,
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, errors: fieldErrorsFromIssues(parsed.error.issues) };
}

/** The contract's (or the server's 400 details') paths as the form's field names. */
export function formFieldOf(path: readonly PropertyKey[]): string {
  const [head, second, third, fourth] = path.map(String);
  if (head === 'deliveryFees' && second === 'bands' && third !== undefined && fourth !== undefined)
    return `bands.${third}.${fourth === 'feeBani' ? 'fee' : 'upToKm'}`;
  if (head === 'deliveryFees' && second === 'bands') return 'bands';
  if (head === 'deliveryFees' && second === 'freeAboveBani') return 'freeAbove';
  if (head === 'zone') return 'radiusKm';
  if (head === 'minimumOrderBani') return 'minimumOrder';
  if (head === 'openingHours') return 'openingHours';
  return head ?? 'form';
}

export function fieldErrorsFromIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): LocationFieldErrors {
  const errors: LocationFieldErrors = {};
  for (const issue of issues) {
    const field = formFieldOf(issue.path);
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A 400's details (api/lib/http-errors.ts: [{ path: 'deliveryFees.bands.1.upToKm', message }]) by form field. */
export function fieldErrorsFromDetails(details: unknown): LocationFieldErrors {
  if (!Array.isArray(details)) return {};
  const issues = details.flatMap((detail: unknown) => {
    if (typeof detail !== 'object' || detail === null) return [];
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    const parts = typeof path === 'string' ? path.split('.') : Array.isArray(path) ? path.map(String) : [];
    return [{ path: parts, message }];
  });
  return fieldErrorsFromIssues(issues);
}
