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

export function LocationsSection({ locations, onSaved }: { locations: Location[]; onSaved(): void }) {
  const [selectedId, setSelectedId] = useState<number | null>(locations[0]?.id ?? null);
  const selected = locations.find((location) => location.id === selectedId) ?? locations[0];
  if (!selected) return <p className="admin-muted">No locations yet.</p>;
  return (
    <div className="admin-locations">
      <div className="admin-presets" role="group" aria-label="Kitchens">
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
      setErrors({ openingHours: TIME_HINT });
      return;
    }
    const result = formToLocationUpdate({ ...form, openingHours: hours });
    if (!result.ok) {
      setErrors(result.errors);
      notify({ type: 'error', title: 'Check the highlighted fields', message: Object.values(result.errors)[0] ?? '' });
      return;
    }
    setErrors({});
    setConflict(null);
    setSaving(true);
    try {
      await saveLocation(location.id, result.value);
      notify({ type: 'success', title: 'Location saved', message: `${result.value.name}: the storefront uses the new settings.` });
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
        title: 'Error',
        message: error instanceof ApiRequestError ? error.message : 'Failed to save the location. Check your connection.',
      });
    } finally {
      setSaving(false);
    }
  };

  const numberField = (field: 'leadMinutes' | 'slotCapacity' | 'minimumOrder' | 'freeAbove', label: string, extra: ReactNode = null) => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{label}</label>
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
          <p>Someone else saved this location after you opened it. Your changes were not applied.</p>
          <div className="admin-conflict">
            <LocationSummary title="Your version" location={formToSummary(form)} />
            <LocationSummary title="Saved meanwhile" location={locationToSummary(conflict)} />
          </div>
          <button
            type="button"
            className="button button--outline"
            onClick={() => {
              setConflict(null);
              onSaved();
            }}
          >
            Load current settings
          </button>
        </div>
      ) : null}

      <div className="admin-card">
        <h3>Kitchen</h3>
        <label className="admin-inline">
          <input type="checkbox" checked={form.isOpen} onChange={(e) => update({ isOpen: e.target.checked })} />
          Taking orders (open)
        </label>
        <p className="admin-muted">
          Closed here, this kitchen takes no orders whatever its hours say; the restaurant-wide toggle closes both.
        </p>
        {(['name', 'address', 'phone'] as const).map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`${id}-${field}`}>{field === 'name' ? 'Name' : field === 'address' ? 'Address' : 'Phone'}</label>
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
        <h3>Pin and delivery zone</h3>
        <ZoneMap latitude={form.latitude} longitude={form.longitude} radiusKm={radius} onPick={(point) => update(point)} />
        <div className="admin-form__row">
          {(['latitude', 'longitude'] as const).map((field) => (
            <div className="field" key={field}>
              <label htmlFor={`${id}-${field}`}>{field === 'latitude' ? 'Latitude' : 'Longitude'}</label>
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
            label="Delivery radius"
            radiusKm={radius}
            describedBy={describedBy('radiusKm')}
            onChange={(value) => update({ radiusKm: value })}
          />
          {errorFor('radiusKm')}
        </div>
        {/* Spec §9's presets and coverage card, here since the radius is each kitchen's (decision 0148). */}
        <div className="admin-presets" role="group" aria-label="Radius presets">
          {RADIUS_PRESETS_KM.map((km) => (
            <button
              key={km}
              type="button"
              className="button button--outline"
              aria-pressed={radius === km}
              onClick={() => update({ radiusKm: String(km) })}
            >
              {km} km
            </button>
          ))}
        </div>
        <section className="admin-coverage" aria-labelledby={`${id}-coverage`}>
          <h3 id={`${id}-coverage`}>Coverage Area</h3>
          <p className="admin-coverage__value">≈ {formatCoverageArea(radius)}</p>
          <p className="admin-coverage__hint">Approximate delivery area (π × {radius}²)</p>
        </section>
      </div>

      <div className="admin-card">
        <h3>Orders for later</h3>
        <div className="admin-form__row">
          {numberField('leadMinutes', 'Preparation lead time (minutes)')}
          {numberField('slotCapacity', 'Orders per 15-minute slot')}
        </div>
        <p className="admin-muted">
          The first slot starts this long after now; an order for later reaches the new-orders lane (and rings) this long before its slot.
        </p>
      </div>

      <div className="admin-card">
        <h3>Delivery fees</h3>
        <table className="admin-fee-bands">
          <caption className="visually-hidden">Delivery fee by distance from {form.name || location.name}</caption>
          <thead>
            <tr>
              <th scope="col">Up to (km)</th>
              <th scope="col">Fee (lei)</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
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
                    aria-label={`Band ${index + 1} up to (km)`}
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
                    aria-label={`Band ${index + 1} fee (lei)`}
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
                    aria-label={`Remove band ${index + 1}`}
                    onClick={() => update({ bands: removeFeeBand(form.bands, index) })}
                  >
                    Remove
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
            Add band
          </button>
        </div>
        <div className="admin-form__row">
          {numberField('minimumOrder', 'Minimum order (lei)')}
          {numberField('freeAbove', 'Free delivery above (lei)', <p className="admin-muted">Empty: no free delivery.</p>)}
        </div>
      </div>

      <div className="admin-card">
        <h3>Opening hours</h3>
        <OpeningHoursEditor
          hours={form.openingHours}
          onChange={(next) => setForm((f) => ({ ...f, openingHours: next(f.openingHours) }))}
          name={form.name}
        />
        {errorFor('openingHours')}
      </div>

      <div className="admin-actions">
        <button type="button" className="button" disabled={saving} onClick={() => void save()}>
          {saving ? 'Saving...' : `Save ${location.name}`}
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

function formToSummary(form: LocationForm): Summary {
  return {
    name: form.name,
    isOpen: form.isOpen,
    radiusKm: form.radiusKm,
    leadMinutes: form.leadMinutes,
    slotCapacity: form.slotCapacity,
    minimumOrder: form.minimumOrder,
    bands: form.bands.map((band) => `up to ${band.upToKm} km: ${band.fee} lei`).join('; '),
    freeAbove: form.freeAbove || '—',
  };
}

function locationToSummary(location: Location): Summary {
  return formToSummary(locationToForm(location));
}

function LocationSummary({ title, location }: { title: string; location: Summary }) {
  return (
    <div>
      <h3>{title}</h3>
      <dl className="admin-conflict__list">
        <dt>Name</dt>
        <dd>{location.name}</dd>
        <dt>Taking orders</dt>
        <dd>{location.isOpen ? 'Yes' : 'No'}</dd>
        <dt>Radius</dt>
        <dd>{location.radiusKm} km</dd>
        <dt>Lead time</dt>
        <dd>{location.leadMinutes} min</dd>
        <dt>Per slot</dt>
        <dd>{location.slotCapacity}</dd>
        <dt>Minimum order</dt>
        <dd>{location.minimumOrder} lei</dd>
        <dt>Fee bands</dt>
        <dd>{location.bands}</dd>
        <dt>Free above</dt>
        <dd>{location.freeAbove === '—' ? '—' : `${location.freeAbove} lei`}</dd>
      </dl>
    </div>
  );
}
