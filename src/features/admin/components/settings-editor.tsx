/**
 * The settings editor: desktop left navigation (sections, Open/Closed badge, 'Save Settings'),
 * the section in the middle and the live preview on the right; phones and portrait tablets get a
 * sticky header with the save button and a bottom section switcher (spec §2 Admin settings). The
 * desktop layout starts at 768 px in landscape (issue 27: a 1024×768 kitchen tablet), see admin.css.
 */
import type { ReactNode } from 'react';
import { useState } from 'react';

import { useT } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import type { AdminSettingsResponse } from '../../../shared/schemas/admin';
import { useSettingsSave } from '../hooks/use-settings-save';
import type { AdminSection } from '../sections';
import { ADMIN_SECTION_WORDS, ADMIN_SECTIONS } from '../sections';
import type { SettingsForm } from '../settings-form';
import { formToSettingsUpdate, settingsToForm } from '../settings-form';
import { ContactSection, GeneralSection } from './general-sections';
import { GoLiveChecklist } from './go-live-checklist';
import { HoursSection } from './hours-section';
import { LocationSection } from './location-section';
import { LocationsSection } from './locations-section';
import { OrdersBoard } from './orders-board';
import { ReportsSection } from './reports-section';
import { SettingsPreview } from './settings-preview';
import { SoldOutSection } from './sold-out-section';

export interface SettingsEditorProps {
  data: AdminSettingsResponse;
  userId: number;
  offline: boolean;
  section: AdminSection;
  onSection(section: AdminSection): void;
  onReload(): void;
  /** The manager's own account settings (the password form), composed by the route: shown under General. */
  accountSettings?: ReactNode;
  /** Sections drawn by other features (the inbox), composed by the route; see admin-screen.tsx. */
  sectionPanels?: Partial<Record<AdminSection, ReactNode>>;
  /** A badge beside a section's name in both navigations, composed by the route. */
  sectionBadges?: Partial<Record<AdminSection, ReactNode>>;
  /** Sections this manager is not shown in either navigation (issue 22: Staff for a manager of one kitchen). */
  hiddenSections?: readonly AdminSection[];
}

export function SettingsEditor({
  data,
  userId,
  offline,
  section,
  onSection,
  onReload,
  accountSettings,
  sectionPanels,
  sectionBadges,
  hiddenSections = [],
}: SettingsEditorProps) {
  const t = useT();
  const shownSections = ADMIN_SECTIONS.filter((id) => !hiddenSections.includes(id));
  const [form, setForm] = useState<SettingsForm>(() => settingsToForm(data.settings));
  const { state, save, conflict, clearConflict } = useSettingsSave(userId);
  const busy = state === 'saving';
  const update = (patch: Partial<SettingsForm>) => setForm((current) => ({ ...current, ...patch }));

  const onSave = () => {
    const result = formToSettingsUpdate(form);
    if (!result.ok) {
      notify({ type: 'error', title: t('admin.common.error'), message: t(result.problem.message, result.problem.values) });
      return;
    }
    void save(result.value);
  };

  const saveButton = (className: string) => (
    <button type="button" className={`button ${className}`} disabled={busy} onClick={onSave}>
      {busy ? t('admin.common.saving') : t('admin.settings.save')}
    </button>
  );
  const badge = (
    <span className={`badge admin-badge ${form.isOpen ? 'admin-badge--open' : 'admin-badge--closed'}`}>
      {form.isOpen ? t('admin.common.open') : t('admin.common.closed')}
    </span>
  );

  let panel: ReactNode;
  if (sectionPanels?.[section] !== undefined) panel = sectionPanels[section];
  else if (section === 'general') panel = <GeneralSection form={form} onChange={update} disabled={busy} />;
  else if (section === 'contact') panel = <ContactSection form={form} onChange={update} disabled={busy} />;
  else if (section === 'location') panel = <LocationSection form={form} onChange={update} disabled={busy} />;
  else if (section === 'locations') panel = <LocationsSection locations={data.locations} onSaved={onReload} />;
  else if (section === 'hours') panel = <HoursSection locations={data.locations} onSaved={onReload} />;
  else if (section === 'sold-out') panel = <SoldOutSection />;
  else if (section === 'reports') panel = <ReportsSection locations={data.locations} />;
  else panel = <OrdersBoard locations={data.locations} />;

  return (
    <div className="admin">
      <section className="admin-mobile-header" aria-label={t('admin.settings.toolbar')}>
        <p className="admin-mobile-header__title">{t('admin.settings.panel')}</p>
        {badge}
        {saveButton('admin-mobile-header__save')}
      </section>

      <nav className="admin-nav" aria-label={t('admin.settings.sections')}>
        <p className="admin-nav__title">{t('admin.settings.panel')}</p>
        <ul className="admin-nav__list">
          {shownSections.map((id) => (
            <li key={id}>
              <button
                type="button"
                className={`admin-nav__item${id === section ? ' admin-nav__item--active' : ''}`}
                aria-current={id === section ? 'page' : undefined}
                onClick={() => onSection(id)}
              >
                {t(ADMIN_SECTION_WORDS[id])}
                {sectionBadges?.[id]}
              </button>
            </li>
          ))}
        </ul>
        <div className="admin-nav__status">
          <span>{t('admin.settings.status')}</span>
          {badge}
        </div>
        {saveButton('button--block')}
      </nav>

      <section className="admin-content" aria-labelledby="admin-section-title">
        {offline ? (
          <p className="admin-banner" role="status">
            {t('admin.settings.offline')}
          </p>
        ) : null}
        {state === 'queued' ? (
          <p className="admin-banner" role="status">
            {t('admin.settings.queued')}
          </p>
        ) : null}
        {conflict ? (
          <div className="admin-banner admin-banner--conflict" role="alert">
            <p>{t('admin.settings.conflict', { name: conflict.name, time: conflict.estimatedDeliveryTime })}</p>
            <button
              type="button"
              className="button button--outline"
              onClick={() => {
                clearConflict();
                onReload();
              }}
            >
              {t('admin.common.loadCurrent')}
            </button>
          </div>
        ) : null}
        {/* The page's one h1 names the open section (issue 27), as does the tab's title. */}
        <h1 id="admin-section-title" className="admin-content__title">
          {t(ADMIN_SECTION_WORDS[section])}
        </h1>
        {section === 'general' ? <GoLiveChecklist /> : null}
        {panel}
        {section === 'general' ? accountSettings : null}
      </section>

      {/* The board, the reports and the composed sections (the inbox) need the width; the storefront preview has nothing to show for them. */}
      {section !== 'orders' && section !== 'reports' && section !== 'locations' && sectionPanels?.[section] === undefined ? (
        <aside className="admin-preview" aria-label={t('admin.settings.preview')}>
          <SettingsPreview form={form} />
        </aside>
      ) : null}

      <nav className="admin-switcher" aria-label={t('admin.settings.switcher')}>
        {shownSections.map((id) => (
          <button
            key={id}
            type="button"
            className={`admin-switcher__item${id === section ? ' admin-switcher__item--active' : ''}`}
            aria-current={id === section ? 'page' : undefined}
            onClick={() => onSection(id)}
          >
            {t(ADMIN_SECTION_WORDS[id])}
            {sectionBadges?.[id]}
          </button>
        ))}
      </nav>
    </div>
  );
}
