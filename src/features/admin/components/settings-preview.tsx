/** The live preview (spec §2): what customers will read, following the form as the manager types. */
import type { SettingsForm } from '../settings-form';

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
          <dd>Each kitchen's own{form.minimumOrderAppliesToPickup ? ' · delivery and pickup' : ' · delivery only'}</dd>
        </div>
      </dl>
    </div>
  );
}
