/**
 * The /profile screen's tabs (spec §2 Profile): 'Account Info' and 'Delivery Addresses'. The route
 * owns which tab is open (URL search param) and passes the addresses panel in, since features
 * never import each other. WAI-ARIA tabs: arrows, Home and End move between tabs.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { useId, useRef } from 'react';

import type { MessageId } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import type { ProfileTab } from '../profile-tab-names';
import { PROFILE_TABS } from '../profile-tab-names';
import './profile-tabs.css';

const LABELS: Record<ProfileTab, MessageId> = { account: 'account.profile.tab.account', addresses: 'account.profile.tab.addresses' };

export interface ProfileTabsProps {
  tab: ProfileTab;
  onTab(tab: ProfileTab): void;
  panels: Record<ProfileTab, ReactNode>;
}

export function ProfileTabs({ tab, onTab, panels }: ProfileTabsProps) {
  const t = useT();
  const baseId = useId();
  const refs = useRef<Partial<Record<ProfileTab, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = PROFILE_TABS.indexOf(tab);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % PROFILE_TABS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + PROFILE_TABS.length) % PROFILE_TABS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = PROFILE_TABS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const target = PROFILE_TABS[next]!;
    onTab(target);
    refs.current[target]?.focus();
  }

  return (
    <div className="profile-tabs">
      <div role="tablist" aria-label={t('account.profile.tabsLabel')} className="profile-tabs__list">
        {PROFILE_TABS.map((id) => (
          <button
            key={id}
            ref={(element) => {
              refs.current[id] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${id}`}
            aria-selected={id === tab}
            aria-controls={`${baseId}-panel-${id}`}
            tabIndex={id === tab ? 0 : -1}
            className="profile-tabs__tab"
            onClick={() => onTab(id)}
            onKeyDown={onKeyDown}
          >
            {t(LABELS[id])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`} className="profile-tabs__panel">
        {panels[tab]}
      </div>
    </div>
  );
}
