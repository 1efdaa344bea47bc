/** The live preview (spec §2): what customers will read, following the form as the manager types. */
import type { Bani } from '../../../shared/money';
import { formatLei } from '../../../shared/money';
import type { SettingsForm } from '../settings-form';
import { parseLeiToBani, parseRadiusKm } from '../settings-form';

function lei(text: string): string {
  const bani = parseLeiToBani(text);
  return bani === null ? '—' : formatLei(bani as Bani);
}

export function SettingsPreview({ form }: { form: SettingsForm }) {
  return (
    <div className="admin-card admin-preview__card">
      <h2 className="admin-preview__heading">Live Preview</h2>
      <p className="admin-preview__name">{form.name.trim() || 'Restaurant name'}</p>
      {form.description.trim() ? <p className="admin-preview__description">{form.description}</p> : null}
      <p>
        <span className={`badge admin-badge ${form.isOpen ? 'admin-badge--open' : 'admin-badge--closed'}`}>
          {form.isOpen ? 'Open' : 'Closed'}
        </span>
      </p>
      <dl className="admin-preview__facts">
        <div>
          <dt>Delivery time</dt>
          <dd>{form.estimatedDeliveryTime}</dd>
        </div>
        <div>
          <dt>Minimum order</dt>
          <dd>
            {lei(form.minimumOrder)}
            {form.minimumOrderAppliesToPickup ? ' · delivery and pickup' : ' · delivery only'}
          </dd>
        </div>
        <div>
          <dt>Delivery fee</dt>
          <dd>{lei(form.deliveryFee)}</dd>
        </div>
        <div>
          <dt>Delivery radius</dt>
          <dd>{parseRadiusKm(form.deliveryRadiusKm)} km</dd>
        </div>
      </dl>
    </div>
  );
}
