/**
 * The manager area's "go live" checklist (issue 21, defect 4): shown while payments run on the test
 * checkout, it lists what still uses an embedded default (payments, POS, geocoder, map style, mail)
 * and whether the first-run manager password was changed, each with what to set to finish it. Every
 * item is decided by the server (GET /api/admin/go-live); with live payments nothing is shown. The
 * server sends ids and codes; the words are the manager catalogue's (issue 23).
 */
import './go-live-checklist.css';

import { useQuery } from '@tanstack/react-query';

import type { MessageId } from '../../../lib/i18n';
import { useT } from '../../../lib/i18n';
import type { GoLiveCurrent, GoLiveItemId } from '../../../shared/schemas/go-live';
import { goLiveQueryOptions } from '../api/go-live';

/** Each item's name and what to set to finish it. */
const ITEM_WORDS: Record<GoLiveItemId, { label: MessageId; todo: MessageId }> = {
  payments: { label: 'admin.goLive.payments.label', todo: 'admin.goLive.payments.todo' },
  pos: { label: 'admin.goLive.pos.label', todo: 'admin.goLive.pos.todo' },
  geocoder: { label: 'admin.goLive.geocoder.label', todo: 'admin.goLive.geocoder.todo' },
  'map-style': { label: 'admin.goLive.mapStyle.label', todo: 'admin.goLive.mapStyle.todo' },
  mail: { label: 'admin.goLive.mail.label', todo: 'admin.goLive.mail.todo' },
  'admin-password': { label: 'admin.goLive.adminPassword.label', todo: 'admin.goLive.adminPassword.todo' },
};

/** What is in use now. */
const CURRENT_WORDS: Record<GoLiveCurrent, MessageId> = {
  'stripe-checkout': 'admin.goLive.current.stripeCheckout',
  'test-checkout': 'admin.goLive.current.testCheckout',
  'vendor-pos': 'admin.goLive.current.vendorPos',
  'kitchen-board': 'admin.goLive.current.kitchenBoard',
  gazetteer: 'admin.goLive.current.gazetteer',
  nominatim: 'admin.goLive.current.nominatim',
  google: 'admin.goLive.current.google',
  'hosted-map-style': 'admin.goLive.current.hostedMapStyle',
  'offline-map-style': 'admin.goLive.current.offlineMapStyle',
  smtp: 'admin.goLive.current.smtp',
  'mail-files': 'admin.goLive.current.mailFiles',
  'first-run-password': 'admin.goLive.current.firstRunPassword',
  'password-changed': 'admin.goLive.current.passwordChanged',
};

export function GoLiveChecklist() {
  const t = useT();
  const { data } = useQuery(goLiveQueryOptions());
  if (!data?.testPayments) return null;
  const done = data.items.filter((item) => item.done).length;
  return (
    <details className="go-live" open>
      <summary className="go-live__summary">
        <span className="go-live__title">{t('admin.goLive.title')}</span>{' '}
        <span className="go-live__count">{t('admin.goLive.count', { done, total: data.items.length })}</span>
      </summary>
      <p className="go-live__intro">{t('admin.goLive.intro')}</p>
      <ul className="go-live__list">
        {data.items.map((item) => (
          <li key={item.id} className={`go-live__item go-live__item--${item.done ? 'done' : 'todo'}`} data-item={item.id}>
            <span className="go-live__mark" aria-hidden="true">
              {item.done ? '✓' : '!'}
            </span>
            <div>
              <p className="go-live__label">
                <strong>{t(ITEM_WORDS[item.id].label)}</strong>
                <span className="go-live__state">{item.done ? t('admin.goLive.done') : t('admin.goLive.todo')}</span>
              </p>
              <p className="go-live__current">{t('admin.goLive.now', { current: t(CURRENT_WORDS[item.current], item.names) })}</p>
              {item.done ? null : <p className="go-live__todo">{t(ITEM_WORDS[item.id].todo, item.names)}</p>}
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}
