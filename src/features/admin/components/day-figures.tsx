/**
 * The board header's figures for today (issue 19, "The day"): orders, revenue by card and cash,
 * the average preparation time against the promised one, and cancellations. Live: the query sits
 * under the board's key, so each board event refreshes it (api/reports-api.ts). The rules behind
 * each number: docs/decisions/0099-day-figures-and-revenue.md.
 */
import './reports-section.css';

import { useQuery } from '@tanstack/react-query';

import type { Bani } from '../../../shared/money';
import { formatLei } from '../../../shared/money';
import type { PrepFigures } from '../../../shared/schemas/reports';
import { todayFiguresQueryOptions } from '../api/reports-api';

export function prepText(prep: PrepFigures): string {
  if (prep.averageActualMinutes === null || prep.averagePromisedMinutes === null) return 'No orders ready yet';
  return `${prep.averageActualMinutes} min (promised ${prep.averagePromisedMinutes})`;
}

export function DayFigures() {
  const today = useQuery(todayFiguresQueryOptions());
  const figures = today.data;
  return (
    <section className="day-figures" aria-label="Today's figures">
      {figures ? (
        <dl className="day-figures__list">
          <div>
            <dt>Orders today</dt>
            <dd data-testid="day-figures-orders">{figures.orders}</dd>
          </div>
          <div>
            <dt>Card</dt>
            <dd data-testid="day-figures-card">{formatLei(figures.cardRevenueBani as Bani)}</dd>
          </div>
          <div>
            <dt>Cash</dt>
            <dd data-testid="day-figures-cash">{formatLei(figures.cashRevenueBani as Bani)}</dd>
          </div>
          <div>
            <dt>Average preparation</dt>
            <dd data-testid="day-figures-prep">{prepText(figures.prep)}</dd>
          </div>
          <div>
            <dt>Cancelled</dt>
            <dd data-testid="day-figures-cancelled">{figures.cancelled}</dd>
          </div>
        </dl>
      ) : (
        <p className="admin-muted day-figures__state">
          {today.isError ? "Today's figures could not be loaded." : "Loading today's figures..."}
        </p>
      )}
    </section>
  );
}
