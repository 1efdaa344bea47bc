/**
 * The manager area's "go live" checklist (issue 21, defect 4): shown while payments run on the test
 * checkout, it lists what still uses an embedded default (payments, POS, geocoder, map style, mail)
 * and whether the first-run manager password was changed, each with what to set to finish it. Every
 * item is decided by the server (GET /api/admin/go-live); with live payments nothing is shown.
 */
import './go-live-checklist.css';

import { useQuery } from '@tanstack/react-query';

import { useT } from '../../../lib/i18n';
import { goLiveQueryOptions } from '../api/go-live';

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
                <strong>{item.label}</strong>
                <span className="go-live__state">{item.done ? t('admin.goLive.done') : t('admin.goLive.todo')}</span>
              </p>
              <p className="go-live__current">{t('admin.goLive.now', { current: item.current })}</p>
              {item.done ? null : <p className="go-live__todo">{item.todo}</p>}
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}
