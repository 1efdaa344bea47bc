/**
 * The manager area's "go live" checklist (issue 21, defect 4): shown while payments run on the test
 * checkout, it lists what still uses an embedded default (payments, POS, geocoder, map style, mail)
 * and whether the first-run manager password was changed, each with what to set to finish it. Every
 * item is decided by the server (GET /api/admin/go-live); with live payments nothing is shown.
 */
import './go-live-checklist.css';

import { useQuery } from '@tanstack/react-query';

import { goLiveQueryOptions } from '../api/go-live';

export function GoLiveChecklist() {
  const { data } = useQuery(goLiveQueryOptions());
  if (!data?.testPayments) return null;
  const done = data.items.filter((item) => item.done).length;
  return (
    <details className="go-live" open>
      <summary className="go-live__summary">
        <span className="go-live__title">Go live checklist</span>{' '}
        <span className="go-live__count">
          {done} of {data.items.length} done
        </span>
      </summary>
      <p className="go-live__intro">
        Payments are in test mode: card orders are marked paid on the test checkout and no money moves. Finish these before taking real
        orders; each change takes effect when the server restarts.
      </p>
      <ul className="go-live__list">
        {data.items.map((item) => (
          <li key={item.id} className={`go-live__item go-live__item--${item.done ? 'done' : 'todo'}`} data-item={item.id}>
            <span className="go-live__mark" aria-hidden="true">
              {item.done ? '✓' : '!'}
            </span>
            <div>
              <p className="go-live__label">
                <strong>{item.label}</strong>
                <span className="go-live__state">{item.done ? 'Done' : 'To do'}</span>
              </p>
              <p className="go-live__current">Now: {item.current}</p>
              {item.done ? null : <p className="go-live__todo">{item.todo}</p>}
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}
