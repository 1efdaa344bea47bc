/** The live preview (spec §2): what customers will read, following the form as the manager types. */
import { useT } from '../../../lib/i18n';
import type { SettingsForm } from '../settings-form';

export function SettingsPreview({ form }: { form: SettingsForm }) {
  const t = useT();
  return (
    <div className="admin-card admin-preview__card">
      <h2 className="admin-preview__heading">{t('admin.preview.title')}</h2>
      <p className="admin-preview__name">{form.name.trim() || t('admin.preview.namePlaceholder')}</p>
      {form.description.trim() ? <p className="admin-preview__description">{form.description}</p> : null}
      <p>
        <span className={`badge admin-badge ${form.isOpen ? 'admin-badge--open' : 'admin-badge--closed'}`}>
          {form.isOpen ? t('admin.common.open') : t('admin.common.closed')}
        </span>
      </p>
      <dl className="admin-preview__facts">
        <div>
          <dt>{t('admin.preview.deliveryTime')}</dt>
          <dd>{form.estimatedDeliveryTime}</dd>
        </div>
        <div>
          <dt>{t('admin.preview.minimumOrder')}</dt>
          <dd>{t(form.minimumOrderAppliesToPickup ? 'admin.preview.minimumBoth' : 'admin.preview.minimumDelivery')}</dd>
        </div>
      </dl>
    </div>
  );
}
