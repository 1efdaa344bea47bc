/**
 * Locations (issue 22, docs/decisions/0144-kitchen-settings-in-locations.md): each kitchen's own
 * name, address, phone, pin, open/closed toggle, delivery radius, weekly hours, preparation lead time,
 * slot capacity, minimum order, fee bands and free-delivery threshold, saved with PUT
 * /api/admin/locations/:id and the version the form was loaded at. A 409 location_conflict shows the
 * manager's version beside the one saved meanwhile; a 400 puts each message beside its field.
 * Offline: the save fails at once with a toast and the edits stay on screen (not queued: see
 * api/admin-api.ts). The pin picker is the settings' map (coverage-map.tsx), the hours editor the
 * Opening Hours section's.
 */
import type { ReactNode } from 'react';
import { useId, useState } from 'react';

import { ApiRequestError } from '../../../lib/api-fetch';
import type { MessageId, Translate } from '../../../lib/i18n';
import { useLocale, useT } from '../../../lib/i18n';
import { useErrorHandler } from '../../../lib/use-error-handler';
import { notify } from '../../../lib/notify';
import { LOCATION_CONFLICT_CODE } from '../../../shared/schemas/admin';
import type { Location } from '../../../shared/schemas/restaurant';
import { locationSchema } from '../../../shared/schemas/restaurant';
import {
  LEAD_MINUTES_MAX,
  LEAD_MINUTES_MIN,
  MAX_FEE_BANDS,
  RADIUS_PRESETS_KM,
  SLOT_CAPACITY_MAX,
  SLOT_CAPACITY_MIN,
} from '../../../shared/schemas/locations';
import { saveLocation } from '../api/admin-api';
import type { LocationFieldErrors, LocationForm } from '../location-form';
import { addFeeBand, fieldErrorsFromDetails, formToLocationUpdate, locationToForm, removeFeeBand, updateFeeBand } from '../location-form';
import { formatCoverageArea, parseRadiusKm } from '../settings-form';
import { normalisedHours, OpeningHoursEditor, TIME_HINT } from './hours-section';
import { RadiusSlider, ZoneMap } from './zone-map';

const KITCHEN_FIELD_WORDS: Record<'name' | 'address' | 'phone', MessageId> = {
  name: 'admin.kitchens.name',
  address: 'admin.kitchens.address',
  phone: 'admin.kitchens.phone',
};

export function LocationsSection({ locations, onSaved }: { locations: Location[]; onSaved(): void }) {
  const t = useT();
  const [selectedId, setSelectedId] = useState<number | null>(locations[0]?.id ?? null);
  const selected = locations.find((location) => location.id === selectedId) ?? locations[0];
  if (!selected) return <p className="admin-muted">{t('admin.kitchens.none')}</p>;
  return (
    <div className="admin-locations">
      <div className="admin-presets" role="group" aria-label={t('admin.section.locations')}>
        {locations.map((location) => (
          <button
            key={location.id}
            type="button"
            className="button button--outline"
            aria-pressed={location.id === selected.id}
            onClick={() => setSelectedId(location.id)}
          >
            {location.name}
          </button>
        ))}
      </div>
      {/* A saved or reloaded version remounts the form with the server's copy. */}
      <LocationEditor key={`${selected.id}:${selected.version}`} location={selected} onSaved={onSaved} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field__error">
      {message}
    </p>
  ) : null;
}

function LocationEditor({ location, onSaved }: { location: Location; onSaved(): void }) {
  const id = useId();
  const t = useT();
  const { refusalMessage } = useErrorHandler();
  const locale = useLocale();
  const [form, setForm] = useState<LocationForm>(() => locationToForm(location));
  const [errors, setErrors] = useState<LocationFieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<Location | null>(null);
  const update = (patch: Partial<LocationForm>) => setForm((current) => ({ ...current, ...patch }));
  const radius = parseRadiusKm(form.radiusKm);

  const describedBy = (field: string) => (errors[field] ? `${id}-${field.replace(/\./g, '-')}-error` : undefined);
  const errorFor = (field: string) => <FieldError id={`${id}-${field.replace(/\./g, '-')}-error`} message={errors[field]} />;

  const save = async () => {
    const hours = normalisedHours(form.openingHours);
    if (!hours) {
      setErrors({ openingHours: t(TIME_HINT) });
      return;
    }
    const result = formToLocationUpdate({ ...form, openingHours: hours }, t);
    if (!result.ok) {
      setErrors(result.errors);
      notify({ type: 'error', title: t('admin.common.checkFields'), message: Object.values(result.errors)[0] ?? '' });
      return;
    }
    setErrors({});
    setConflict(null);
    setSaving(true);
    try {
      await saveLocation(location.id, result.value);
      notify({
        type: 'success',
        title: t('admin.kitchens.saved.title'),
        message: t('admin.kitchens.saved.message', { name: result.value.name }),
      });
      onSaved();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === LOCATION_CONFLICT_CODE) {
        const current = locationSchema.safeParse((error.details as { current?: unknown } | undefined)?.current);
        if (current.success) setConflict(current.data);
      } else if (error instanceof ApiRequestError && error.status === 400) {
        setErrors(fieldErrorsFromDetails(error.details));
      }
      notify({
        type: 'error',
        title: t('admin.common.error'),
        message: refusalMessage(error, t('admin.kitchens.saveFailed')),
      });
    } finally {
      setSaving(false);
    }
  };

  const numberField = (field: 'leadMinutes' | 'slotCapacity' | 'minimumOrder' | 'freeAbove', label: MessageId, extra: ReactNode = null) => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{t(label)}</label>
      <input
        id={`${id}-${field}`}
        type="number"
        inputMode={field === 'minimumOrder' || field === 'freeAbove' ? 'decimal' : 'numeric'}
        min={field === 'leadMinutes' ? LEAD_MINUTES_MIN : field === 'slotCapacity' ? SLOT_CAPACITY_MIN : 0}
        max={field === 'leadMinutes' ? LEAD_MINUTES_MAX : field === 'slotCapacity' ? SLOT_CAPACITY_MAX : undefined}
        step={field === 'minimumOrder' || field === 'freeAbove' ? 0.01 : 1}
        value={form[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field)}
        onChange={(e) => update({ [field]: e.target.value })}
      />
      {extra}
      {errorFor(field)}
    </div>
  );

  return (
    <section className="admin-location-editor" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-location-editor__title">
        {location.name}
      </h2>
      {conflict ? (
        <div className="admin-banner admin-banner--conflict" role="alert">
          <p>{t('admin.kitchens.conflict')}</p>
          <div className="admin-conflict">
            <LocationSummary title={t('admin.kitchens.yourVersion')} location={formToSummary(form, t)} />
            <LocationSummary title={t('admin.kitchens.savedMeanwhile')} location={formToSummary(locationToForm(conflict), t)} />
          </div>
          <button
            type="button"
            className="button button--outline"
            onClick={() => {
              setConflict(null);
              onSaved();
            }}
          >
            {t('admin.common.loadCurrent')}
          </button>
        </div>
      ) : null}

      <div className="admin-card">
        <h3>{t('admin.common.kitchen')}</h3>
        <label className="admin-inline">
          <input type="checkbox" checked={form.isOpen} onChange={(e) => update({ isOpen: e.target.checked })} />
          {t('admin.kitchens.takingOrdersOpen')}
        </label>
        <p className="admin-muted">{t('admin.kitchens.closedHint')}</p>
        {(['name', 'address', 'phone'] as const).map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`${id}-${field}`}>{t(KITCHEN_FIELD_WORDS[field])}</label>
            <input
              id={`${id}-${field}`}
              type={field === 'phone' ? 'tel' : 'text'}
              value={form[field]}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={describedBy(field)}
              onChange={(e) => update({ [field]: e.target.value })}
            />
            {errorFor(field)}
          </div>
        ))}
      </div>

      <div className="admin-card">
        <h3>{t('admin.kitchens.pinAndZone')}</h3>
        <ZoneMap latitude={form.latitude} longitude={form.longitude} radiusKm={radius} onPick={(point) => update(point)} />
        <div className="admin-form__row">
          {(['latitude', 'longitude'] as const).map((field) => (
            <div className="field" key={field}>
              <label htmlFor={`${id}-${field}`}>{t(field === 'latitude' ? 'admin.kitchens.latitude' : 'admin.kitchens.longitude')}</label>
              <input
                id={`${id}-${field}`}
                type="number"
                step="any"
                value={form[field]}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={describedBy(field)}
                onChange={(e) => {
                  const value = Number.parseFloat(e.target.value);
                  if (Number.isFinite(value)) update({ [field]: value });
                }}
              />
              {errorFor(field)}
            </div>
          ))}
        </div>
        <div className="field">
          <RadiusSlider
            id={`${id}-radius`}
            label={t('admin.kitchens.radius')}
            radiusKm={radius}
            describedBy={describedBy('radiusKm')}
            onChange={(value) => update({ radiusKm: value })}
          />
          {errorFor('radiusKm')}
        </div>
        {/* Spec §9's presets and coverage card, here since the radius is each kitchen's (decision 0148). */}
        <div className="admin-presets" role="group" aria-label={t('admin.kitchens.radiusPresets')}>
          {RADIUS_PRESETS_KM.map((km) => (
            <button
              key={km}
              type="button"
              className="button button--outline"
              aria-pressed={radius === km}
              onClick={() => update({ radiusKm: String(km) })}
            >
              {t('admin.common.km', { km })}
            </button>
          ))}
        </div>
        <section className="admin-coverage" aria-labelledby={`${id}-coverage`}>
          <h3 id={`${id}-coverage`}>{t('admin.kitchens.coverage')}</h3>
          <p className="admin-coverage__value">{t('admin.kitchens.coverageValue', { area: formatCoverageArea(radius, locale) })}</p>
          <p className="admin-coverage__hint">{t('admin.kitchens.coverageHint', { radius })}</p>
        </section>
      </div>

      <div className="admin-card">
        <h3>{t('admin.kitchens.ordersForLater')}</h3>
        <div className="admin-form__row">
          {numberField('leadMinutes', 'admin.kitchens.leadMinutes')}
          {numberField('slotCapacity', 'admin.kitchens.slotCapacity')}
        </div>
        <p className="admin-muted">{t('admin.kitchens.laterHint')}</p>
      </div>

      <div className="admin-card">
        <h3>{t('admin.kitchens.deliveryFees')}</h3>
        <table className="admin-fee-bands">
          <caption className="visually-hidden">{t('admin.kitchens.feeCaption', { name: form.name || location.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.kitchens.upTo')}</th>
              <th scope="col">{t('admin.kitchens.fee')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('admin.common.remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {form.bands.map((band, index) => (
              <tr key={index}>
                <td>
                  <input
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.5}
                    aria-label={t('admin.kitchens.bandUpTo', { band: index + 1 })}
                    value={band.upToKm}
                    aria-invalid={errors[`bands.${index}.upToKm`] ? true : undefined}
                    aria-describedby={describedBy(`bands.${index}.upToKm`)}
                    onChange={(e) => update({ bands: updateFeeBand(form.bands, index, { upToKm: e.target.value }) })}
                  />
                  {errorFor(`bands.${index}.upToKm`)}
                </td>
                <td>
                  <input
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    aria-label={t('admin.kitchens.bandFee', { band: index + 1 })}
                    value={band.fee}
                    aria-invalid={errors[`bands.${index}.fee`] ? true : undefined}
                    aria-describedby={describedBy(`bands.${index}.fee`)}
                    onChange={(e) => update({ bands: updateFeeBand(form.bands, index, { fee: e.target.value }) })}
                  />
                  {errorFor(`bands.${index}.fee`)}
                </td>
                <td>
                  <button
                    type="button"
                    className="button button--outline"
                    disabled={form.bands.length <= 1}
                    aria-label={t('admin.kitchens.removeBand', { band: index + 1 })}
                    onClick={() => update({ bands: removeFeeBand(form.bands, index) })}
                  >
                    {t('admin.common.remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {errorFor('bands')}
        <div className="admin-actions">
          <button
            type="button"
            className="button button--outline"
            disabled={form.bands.length >= MAX_FEE_BANDS}
            onClick={() => update({ bands: addFeeBand(form.bands, form.radiusKm) })}
          >
            {t('admin.kitchens.addBand')}
          </button>
        </div>
        <div className="admin-form__row">
          {numberField('minimumOrder', 'admin.kitchens.minimumOrder')}
          {numberField('freeAbove', 'admin.kitchens.freeAbove', <p className="admin-muted">{t('admin.kitchens.freeAboveHint')}</p>)}
        </div>
      </div>

      <div className="admin-card">
        <h3>{t('admin.kitchens.openingHours')}</h3>
        <OpeningHoursEditor
          hours={form.openingHours}
          onChange={(next) => setForm((f) => ({ ...f, openingHours: next(f.openingHours) }))}
          name={form.name}
        />
        {errorFor('openingHours')}
      </div>

      <div className="admin-actions">
        <button type="button" className="button" disabled={saving} onClick={() => void save()}>
          {saving ? t('admin.common.saving') : t('admin.kitchens.save', { name: location.name })}
        </button>
      </div>
    </section>
  );
}

interface Summary {
  name: string;
  isOpen: boolean;
  radiusKm: string;
  leadMinutes: string;
  slotCapacity: string;
  minimumOrder: string;
  bands: string;
  freeAbove: string;
}

function formToSummary(form: LocationForm, t: Translate): Summary {
  return {
    name: form.name,
    isOpen: form.isOpen,
    radiusKm: form.radiusKm,
    leadMinutes: form.leadMinutes,
    slotCapacity: form.slotCapacity,
    minimumOrder: form.minimumOrder,
    bands: form.bands.map((band) => t('admin.kitchens.summary.band', { km: band.upToKm, fee: band.fee })).join('; '),
    freeAbove: form.freeAbove || '—',
  };
}

function LocationSummary({ title, location }: { title: string; location: Summary }) {
  const t = useT();
  return (
    <div>
      <h3>{title}</h3>
      <dl className="admin-conflict__list">
        <dt>{t('admin.kitchens.summary.name')}</dt>
        <dd>{location.name}</dd>
        <dt>{t('admin.kitchens.summary.takingOrders')}</dt>
        <dd>{location.isOpen ? t('admin.kitchens.summary.yes') : t('admin.kitchens.summary.no')}</dd>
        <dt>{t('admin.kitchens.summary.radius')}</dt>
        <dd>{t('admin.common.km', { km: location.radiusKm })}</dd>
        <dt>{t('admin.kitchens.summary.leadTime')}</dt>
        <dd>{t('admin.common.minutes', { minutes: location.leadMinutes })}</dd>
        <dt>{t('admin.kitchens.summary.perSlot')}</dt>
        <dd>{location.slotCapacity}</dd>
        <dt>{t('admin.kitchens.summary.minimumOrder')}</dt>
        <dd>{t('admin.common.lei', { amount: location.minimumOrder })}</dd>
        <dt>{t('admin.kitchens.summary.feeBands')}</dt>
        <dd>{location.bands}</dd>
        <dt>{t('admin.kitchens.summary.freeAbove')}</dt>
        <dd>{location.freeAbove === '—' ? '—' : t('admin.common.lei', { amount: location.freeAbove })}</dd>
      </dl>
    </div>
  );
}
