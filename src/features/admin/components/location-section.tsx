/**
 * Location section (spec §2 Admin settings, §8 settings map search alerts): search an address to
 * set the restaurant's address and base point (where the storefront's map opens), or click / drag
 * the point on the map. The search uses our own geocoding routes (/api/geo/*); offline it fails with
 * 'Failed to search address.' and the coordinates can still be typed. Issue 22: delivery is each
 * kitchen's, so the radius slider, its presets and the 'Coverage Area' card moved to the kitchen's
 * form under Kitchens (docs/decisions/0148-address-zones-are-the-kitchens-zones.md).
 */
import type { FormEvent } from 'react';
import { useId, useState } from 'react';

import { api, call } from '../../../lib/api-client';
import type { MessageId } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import type { AddressSuggestion } from '../../../shared/schemas/address';
import { addressValidationResultSchema, autocompleteResponseSchema } from '../../../shared/schemas/address';
import type { SettingsForm } from '../settings-form';
import { ZoneMap } from './zone-map';

const NO_RESULTS: MessageId = 'admin.location.noResults';
const SEARCH_FAILED: MessageId = 'admin.location.searchFailed';

interface Props {
  form: SettingsForm;
  onChange(patch: Partial<SettingsForm>): void;
  disabled: boolean;
}

export function LocationSection({ form, onChange, disabled }: Props) {
  const id = useId();
  const t = useT();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<AddressSuggestion[]>([]);
  const [searching, setSearching] = useState(false);
  const [searchMessage, setSearchMessage] = useState<MessageId | null>(null);

  const onSearch = async (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (text.length === 0) return;
    setSearching(true);
    setSearchMessage(null);
    try {
      const { predictions } = await call(api.geo.autocomplete.$get({ query: { query: text } }), autocompleteResponseSchema);
      setResults(predictions);
      if (predictions.length === 0) {
        setSearchMessage(NO_RESULTS);
        notify({ type: 'warning', title: t('admin.location.noResultsTitle'), message: t(NO_RESULTS) });
      }
    } catch {
      setResults([]);
      setSearchMessage(SEARCH_FAILED);
      notify({ type: 'error', title: t('admin.common.error'), message: t(SEARCH_FAILED) });
    } finally {
      setSearching(false);
    }
  };

  const choose = async (suggestion: AddressSuggestion) => {
    try {
      const result = await call(
        api.geo['validate-address'].$post({ json: { place_id: suggestion.place_id, formatted_address: suggestion.description } }),
        addressValidationResultSchema,
      );
      const latitude = result.latitude ?? suggestion.latitude ?? null;
      const longitude = result.longitude ?? suggestion.longitude ?? null;
      const address = result.place?.formattedAddress ?? suggestion.description;
      if (latitude === null || longitude === null) {
        // The embedded street gazetteer knows streets, not points: keep the address, ask for the pin.
        onChange({ address });
        notify({ type: 'info', title: t('admin.location.addressSet'), message: t('admin.location.pickOnMap') });
      } else {
        onChange({ deliveryBaseLat: latitude, deliveryBaseLng: longitude, address });
      }
      setResults([]);
      setSearchMessage(null);
    } catch {
      setSearchMessage(SEARCH_FAILED);
      notify({ type: 'error', title: t('admin.common.error'), message: t(SEARCH_FAILED) });
    }
  };

  return (
    <div className="admin-location">
      <div className="admin-card">
        <form className="admin-search" onSubmit={(event) => void onSearch(event)} role="search">
          <div className="field admin-search__field">
            <label htmlFor={`${id}-search`}>{t('admin.location.search')}</label>
            <input
              id={`${id}-search`}
              type="search"
              value={query}
              placeholder={t('admin.location.searchPlaceholder')}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <button type="submit" className="button" disabled={searching || disabled}>
            {searching ? t('admin.location.searching') : t('admin.location.searchButton')}
          </button>
        </form>
        {searchMessage ? (
          <p className="admin-search__message" role="alert">
            {t(searchMessage)}
          </p>
        ) : null}
        {results.length > 0 ? (
          <ul className="admin-search__results" aria-label={t('admin.location.results')}>
            {results.map((suggestion) => (
              <li key={suggestion.place_id}>
                <button type="button" className="admin-search__result" onClick={() => void choose(suggestion)}>
                  {suggestion.description}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="admin-location__address">
          <strong>{t('admin.location.baseAddress')}</strong> {form.address || '—'}
        </p>
        <p className="admin-muted">{t('admin.location.hint')}</p>
      </div>

      <div className="admin-card">
        <ZoneMap
          latitude={form.deliveryBaseLat}
          longitude={form.deliveryBaseLng}
          // No circle: the base point delivers nothing itself; each kitchen's zone is drawn under Kitchens.
          radiusKm={0}
          onPick={(point) => onChange({ deliveryBaseLat: point.latitude, deliveryBaseLng: point.longitude })}
        />
        <div className="admin-form__row">
          <div className="field">
            <label htmlFor={`${id}-lat`}>{t('admin.location.latitude')}</label>
            <input
              id={`${id}-lat`}
              type="number"
              step="any"
              value={form.deliveryBaseLat}
              disabled={disabled}
              onChange={(e) => {
                const value = Number.parseFloat(e.target.value);
                if (Number.isFinite(value)) onChange({ deliveryBaseLat: value });
              }}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-lng`}>{t('admin.location.longitude')}</label>
            <input
              id={`${id}-lng`}
              type="number"
              step="any"
              value={form.deliveryBaseLng}
              disabled={disabled}
              onChange={(e) => {
                const value = Number.parseFloat(e.target.value);
                if (Number.isFinite(value)) onChange({ deliveryBaseLng: value });
              }}
            />
          </div>
        </div>
      </div>
    </div>
  );
}
