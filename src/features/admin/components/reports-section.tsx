/**
 * The Reports section (issue 19, "The day"): the end-of-day report for a chosen date and location,
 * on screen, printable on the kitchen's 80 mm receipt printer or on A4, and as a CSV download.
 * Dates and times read in Bucharest time. The day defaults to the server's today (its clock decides
 * the day, not the tablet's). The rules behind the figures: docs/decisions/0099-day-figures-and-revenue.md;
 * locations and delivery orders: docs/decisions/0100-report-location-of-delivery-orders.md.
 *
 * Printing: the same report is rendered a second time straight under <body> (hidden on screen); in
 * print media it is the only thing on the page, on a named page of the chosen paper (reports-section.css).
 * Offline: the report needs the network (it is computed by the server); the section says so.
 */
import './reports-section.css';

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';

import { DataTable } from '../../../components/data-table';
import { Spinner } from '../../../components/skeleton';
import type { MessageId, Translate } from '../../../lib/i18n';
import { useLocale, useT } from '../../../lib/i18n';
import type { Locale } from '../../../shared/i18n/locales';
import type { Bani } from '../../../shared/money';
import { formatLei } from '../../../shared/money';
import type { CancelReasonCode } from '../../../shared/schemas/order';
import type { DayReport } from '../../../shared/schemas/reports';
import { clockText, longDateText, mediumDateTimeText } from '../admin-time';
import { dayReportCsvUrl, dayReportQueryOptions, todayFiguresQueryOptions } from '../api/reports-api';
import { useManagedKitchen } from '../hooks/use-managed-kitchen';
import { cancelReasonText } from '../../../shared/domain/cancel-reason';
import { CANCEL_REASON_WORDS, PAYMENT_METHOD_WORDS } from '../order-words';
import { prepText } from './day-figures';

export type ReportPaper = 'receipt' | 'a4';

/** The report's place in the screen's language: 'all' and 'delivery' are ours to word, a kitchen is named by the server. */
function reportLocationName(location: DayReport['location'], t: Translate): string {
  if (location.id === 'all') return t('admin.reports.allLocations');
  if (location.id === 'delivery') return t('admin.reports.deliveryOrders');
  return location.name ?? location.id;
}

const REFUND_STATUS_WORDS: Record<string, MessageId | undefined> = {
  pending: 'admin.reports.refundStatus.pending',
  succeeded: 'admin.reports.refundStatus.succeeded',
  failed: 'admin.reports.refundStatus.failed',
};

/** A refund's state as the report lists it; a state this screen does not know shows as the server sent it. */
function refundStatusText(status: string, t: Translate): string {
  const words = REFUND_STATUS_WORDS[status];
  return words ? t(words) : status;
}

/** A cancellation reason by its code when it is one of ours, else that none was recorded. */
function reasonText(reasonCode: string | null, t: Translate): string {
  return reasonCode !== null && reasonCode in CANCEL_REASON_WORDS
    ? t(CANCEL_REASON_WORDS[reasonCode as CancelReasonCode])
    : t('admin.reports.noReason');
}

export function ReportsSection({ locations }: { locations: readonly { id: number; name: string }[] }) {
  const id = useId();
  const t = useT();
  const today = useQuery(todayFiguresQueryOptions());
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  // Issue 22: a manager of one kitchen gets that kitchen's report only (the server answers any other
  // choice with theirs or 403, docs/decisions/0151-an-orders-kitchen-in-the-pos-and-the-figures.md), so the
  // choice offers only it.
  const managerLocationId = useManagedKitchen();
  const ownKitchen = typeof managerLocationId === 'number' ? locations.find((l) => l.id === managerLocationId) : undefined;
  const [chosenLocation, setLocation] = useState('all');
  const location = ownKitchen ? String(ownKitchen.id) : chosenLocation;
  const [paper, setPaper] = useState<ReportPaper>('receipt');
  const date = chosenDate ?? today.data?.date ?? null;
  const report = useQuery({ ...dayReportQueryOptions(date ?? '', location), enabled: date !== null });

  return (
    <div className="reports">
      <form className="reports__controls admin-card" aria-label={t('admin.reports.options')} onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-date`}>{t('admin.reports.date')}</label>
          <input
            id={`${id}-date`}
            type="date"
            required
            value={date ?? ''}
            onChange={(event) => {
              if (event.target.value) setChosenDate(event.target.value);
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-location`}>{t('admin.reports.location')}</label>
          <select id={`${id}-location`} value={location} onChange={(event) => setLocation(event.target.value)}>
            {ownKitchen ? (
              <option value={String(ownKitchen.id)}>{ownKitchen.name}</option>
            ) : (
              <>
                <option value="all">{t('admin.reports.allLocations')}</option>
                {locations.map((l) => (
                  <option key={l.id} value={String(l.id)}>
                    {l.name}
                  </option>
                ))}
                <option value="delivery">{t('admin.reports.deliveryOrders')}</option>
              </>
            )}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-paper`}>{t('admin.reports.paper')}</label>
          <select id={`${id}-paper`} value={paper} onChange={(event) => setPaper(event.target.value as ReportPaper)}>
            <option value="receipt">{t('admin.reports.receipt')}</option>
            <option value="a4">{t('admin.reports.a4')}</option>
          </select>
        </div>
        <div className="reports__actions">
          <button type="button" className="button" disabled={!report.data} onClick={() => window.print()}>
            {t('admin.reports.print')}
          </button>
          {date && report.data ? (
            <a className="button button--outline" href={dayReportCsvUrl(date, location)} download>
              {t('admin.reports.csv')}
            </a>
          ) : null}
        </div>
      </form>

      {report.isPending && date !== null ? <Spinner label={t('admin.reports.loading')} /> : null}
      {report.isError || (today.isError && date === null) ? (
        <div className="admin-card" role="alert">
          <p>{t('admin.reports.loadFailed')}</p>
          <button type="button" className="button" onClick={() => void (date === null ? today.refetch() : report.refetch())}>
            {t('admin.common.retry')}
          </button>
        </div>
      ) : null}
      {report.data ? (
        <>
          <ReportView report={report.data} headingLevel="h2" />
          {createPortal(
            <div className={`report-print report-print--${paper}`} data-testid="report-print">
              <ReportView report={report.data} headingLevel="h3" />
            </div>,
            document.body,
          )}
        </>
      ) : null}
    </div>
  );
}

function Money({ bani }: { bani: number }) {
  const locale = useLocale();
  return <span className="reports__money">{formatLei(bani as Bani, locale)}</span>;
}

/** The report itself: the same markup on screen and on paper (the print CSS narrows it for 80 mm). */
export function ReportView({ report, headingLevel }: { report: DayReport; headingLevel: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  const t = useT();
  const locale: Locale = useLocale();
  const time = (iso: string) => clockText(iso, locale);
  const busyHours = report.ordersPerHour.filter((h) => h.orders > 0);
  return (
    <article className="report" aria-label={t('admin.reports.label', { date: report.date })}>
      <header className="report__header">
        <p className="report__title">{t('admin.reports.title', { date: longDateText(report.date, locale) })}</p>
        <p>{reportLocationName(report.location, t)}</p>
        <p className="admin-muted">{t('admin.reports.printed', { time: mediumDateTimeText(report.generatedAt, locale) })}</p>
      </header>

      <section className="report__block">
        <Heading>{t('admin.reports.summary')}</Heading>
        <dl className="report__summary">
          <div>
            <dt>{t('admin.reports.orders')}</dt>
            <dd data-testid="report-orders">{report.summary.orders}</dd>
          </div>
          <div>
            <dt>{t('admin.reports.cancelled')}</dt>
            <dd data-testid="report-cancelled">{report.summary.cancelled}</dd>
          </div>
          <div>
            <dt>{t('admin.reports.sales')}</dt>
            <dd>
              <Money bani={report.summary.grossBani} />
            </dd>
          </div>
          <div>
            <dt>{t('admin.reports.refunded')}</dt>
            <dd>
              <Money bani={report.summary.refundedBani} />
            </dd>
          </div>
          <div>
            <dt>{t('admin.reports.revenue')}</dt>
            <dd data-testid="report-revenue">
              <Money bani={report.summary.revenueBani} />
            </dd>
          </div>
          <div>
            <dt>{t('admin.figures.averagePrep')}</dt>
            <dd>{prepText(report.prep, t)}</dd>
          </div>
          <div>
            <dt>{t('admin.reports.laterThanPromised')}</dt>
            <dd>{t('admin.reports.lateOf', { late: report.prep.lateOrders, timed: report.prep.timedOrders })}</dd>
          </div>
        </dl>
      </section>

      <section className="report__block">
        <Heading>{t('admin.reports.byPayment')}</Heading>
        <ReportTable
          columns={[t('admin.reports.method'), t('admin.reports.orders'), t('admin.reports.cancelled'), t('admin.reports.revenue')]}
          rows={report.byPaymentMethod.map((m) => ({
            key: m.method,
            head: t(PAYMENT_METHOD_WORDS[m.method]),
            cells: [m.orders, m.cancelled, <Money key="revenue" bani={m.revenueBani} />],
          }))}
        />
      </section>

      <section className="report__block">
        <Heading>{t('admin.reports.byCategory')}</Heading>
        {report.byCategory.length === 0 ? (
          <p className="admin-muted">{t('admin.reports.nothingSold')}</p>
        ) : (
          <ReportTable
            columns={[t('admin.reports.category'), t('admin.reports.qty'), t('admin.reports.sales')]}
            rows={report.byCategory.map((c) => ({
              key: `${c.categoryId ?? 'none'}:${c.category}`,
              head: c.category ?? t('admin.reports.noCategory'),
              cells: [c.quantity, <Money key="sales" bani={c.revenueBani} />],
            }))}
          />
        )}
      </section>

      <section className="report__block">
        <Heading>{t('admin.reports.byDish')}</Heading>
        {report.byDish.length === 0 ? (
          <p className="admin-muted">{t('admin.reports.nothingSold')}</p>
        ) : (
          <ReportTable
            columns={[t('admin.reports.dish'), t('admin.reports.qty'), t('admin.reports.sales')]}
            rows={report.byDish.map((d) => ({
              key: `${d.menuItemId}:${d.dish}`,
              head: (
                <>
                  {d.dish}
                  <span className="report__detail"> · {d.category ?? t('admin.reports.noCategory')}</span>
                </>
              ),
              cells: [d.quantity, <Money key="sales" bani={d.revenueBani} />],
            }))}
          />
        )}
      </section>

      <section className="report__block">
        <Heading>{t('admin.reports.cancellations')}</Heading>
        {report.cancellations.orders.length === 0 ? (
          <p className="admin-muted">{t('admin.reports.noCancellations')}</p>
        ) : (
          <>
            <ReportTable
              columns={[t('admin.reports.reason'), t('admin.reports.orders'), t('admin.reports.value')]}
              rows={report.cancellations.byReason.map((r) => ({
                key: r.reasonCode ?? 'none',
                head: reasonText(r.reasonCode, t),
                cells: [r.orders, <Money key="value" bani={r.totalBani} />],
              }))}
            />
            <ul className="report__list" aria-label={t('admin.reports.cancelledOrders')}>
              {report.cancellations.orders.map((o) => (
                <li key={o.orderNumber}>
                  {time(o.createdAt)} {o.orderNumber} · {t(PAYMENT_METHOD_WORDS[o.paymentMethod])} <Money bani={o.totalBani} />
                  {o.reason ? (
                    <span className="report__detail">
                      {' '}
                      · {cancelReasonText(o.reasonCode, o.reason, (preset) => t(CANCEL_REASON_WORDS[preset]))}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="report__block">
        <Heading>{t('admin.reports.refunds')}</Heading>
        {report.refunds.list.length === 0 ? (
          <p className="admin-muted">{t('admin.reports.noRefunds')}</p>
        ) : (
          <>
            <p>
              {t('admin.reports.refundedTotal')} <Money bani={report.refunds.succeededBani} />
              {report.refunds.pendingBani > 0 ? (
                <>
                  {' '}
                  {t('admin.reports.pendingTotal')} <Money bani={report.refunds.pendingBani} />
                </>
              ) : null}
              {report.refunds.failedBani > 0 ? (
                <>
                  {' '}
                  {t('admin.reports.failedTotal')} <Money bani={report.refunds.failedBani} />
                </>
              ) : null}
            </p>
            <ul className="report__list" aria-label={t('admin.reports.refunds')}>
              {report.refunds.list.map((r, index) => (
                <li key={`${r.orderNumber}:${index}`}>
                  {time(r.createdAt)} {r.orderNumber} ·{' '}
                  {t('admin.reports.refundEntry', {
                    kind: t(r.kind === 'full' ? 'admin.reports.refundKind.full' : 'admin.reports.refundKind.partial'),
                    status: refundStatusText(r.status, t),
                  })}{' '}
                  <Money bani={r.amountBani} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="report__block">
        <Heading>{t('admin.reports.perHour')}</Heading>
        {busyHours.length === 0 ? (
          <p className="admin-muted">{t('admin.reports.noOrders')}</p>
        ) : (
          <ReportTable
            columns={[t('admin.reports.hour'), t('admin.reports.orders'), t('admin.reports.sales')]}
            rows={busyHours.map((h) => ({ key: h.from, head: h.hour, cells: [h.orders, <Money key="sales" bani={h.grossBani} />] }))}
          />
        )}
      </section>
    </article>
  );
}

/** One of the report's tables: the first column names each row, the others are its figures. */
function ReportTable({
  columns,
  rows,
}: {
  columns: readonly string[];
  rows: readonly { key: string; head: ReactNode; cells: ReactNode[] }[];
}) {
  return <DataTable className="report__table" columns={columns} rows={rows} />;
}
