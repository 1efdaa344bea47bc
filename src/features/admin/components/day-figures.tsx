/**
 * The board header's figures for today (issue 19, "The day"): orders, revenue by card and cash,
 * the average preparation time against the promised one, and cancellations. Live: the query sits
 * under the board's key, so each board event refreshes it (api/reports-api.ts). The rules behind
 * each number: docs/decisions/0099-day-figures-and-revenue.md.
 */
import './reports-section.css';

import { useQuery } from '@tanstack/react-query';

import type { Translate } from '../../../lib/i18n';
import { useLocale, useT } from '../../../lib/i18n';
import type { Bani } from '../../../shared/money';
import { formatLei } from '../../../shared/money';
import type { PrepFigures } from '../../../shared/schemas/reports';
import { todayFiguresQueryOptions } from '../api/reports-api';

export function prepText(prep: PrepFigures, t: Translate): string {
  if (prep.averageActualMinutes === null || prep.averagePromisedMinutes === null) return t('admin.figures.noneReady');
  return t('admin.figures.prep', { actual: prep.averageActualMinutes, promised: prep.averagePromisedMinutes });
}

export function DayFigures() {
  const t = useT();
  const locale = useLocale();
  const today = useQuery(todayFiguresQueryOptions());
  const figures = today.data;
  return (
    <section className="day-figures" aria-label={t('admin.figures.label')}>
      {figures ? (
        <dl className="day-figures__list">
          <div>
            <dt>{t('admin.figures.ordersToday')}</dt>
            <dd data-testid="day-figures-orders">{figures.orders}</dd>
          </div>
          <div>
            <dt>{t('admin.payment.card')}</dt>
            <dd data-testid="day-figures-card">{formatLei(figures.cardRevenueBani as Bani, locale)}</dd>
          </div>
          <div>
            <dt>{t('admin.payment.cash')}</dt>
            <dd data-testid="day-figures-cash">{formatLei(figures.cashRevenueBani as Bani, locale)}</dd>
          </div>
          <div>
            <dt>{t('admin.figures.averagePrep')}</dt>
            <dd data-testid="day-figures-prep">{prepText(figures.prep, t)}</dd>
          </div>
          <div>
            <dt>{t('admin.figures.cancelled')}</dt>
            <dd data-testid="day-figures-cancelled">{figures.cancelled}</dd>
          </div>
        </dl>
      ) : (
        <p className="admin-muted day-figures__state">{today.isError ? t('admin.figures.loadFailed') : t('admin.figures.loading')}</p>
      )}
    </section>
  );
}
