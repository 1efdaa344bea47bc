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
import type { Bani } from '../../../shared/money';
import { formatLei } from '../../../shared/money';
import type { DayReport } from '../../../shared/schemas/reports';
import { dayReportCsvUrl, dayReportQueryOptions, todayFiguresQueryOptions } from '../api/reports-api';
import { useManagedKitchen } from '../hooks/use-managed-kitchen';
import { prepText } from './day-figures';

export type ReportPaper = 'receipt' | 'a4';

const TIME_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Bucharest',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const DATE_TIME_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Bucharest',
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
});
/** A calendar date (already a Bucharest date) read as words: the date itself, whatever the tablet's zone. */
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const lei = (bani: number) => formatLei(bani as Bani);
const time = (iso: string) => TIME_FORMAT.format(new Date(iso));

export function reportDateText(date: string): string {
  return DATE_FORMAT.format(new Date(`${date}T12:00:00Z`));
}

export function ReportsSection({ locations }: { locations: readonly { id: number; name: string }[] }) {
  const id = useId();
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
      <form className="reports__controls admin-card" aria-label="Report options" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-date`}>Date</label>
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
          <label htmlFor={`${id}-location`}>Location</label>
          <select id={`${id}-location`} value={location} onChange={(event) => setLocation(event.target.value)}>
            {ownKitchen ? (
              <option value={String(ownKitchen.id)}>{ownKitchen.name}</option>
            ) : (
              <>
                <option value="all">All locations</option>
                {locations.map((l) => (
                  <option key={l.id} value={String(l.id)}>
                    {l.name}
                  </option>
                ))}
                <option value="delivery">Delivery orders</option>
              </>
            )}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-paper`}>Paper</label>
          <select id={`${id}-paper`} value={paper} onChange={(event) => setPaper(event.target.value as ReportPaper)}>
            <option value="receipt">80 mm receipt</option>
            <option value="a4">A4</option>
          </select>
        </div>
        <div className="reports__actions">
          <button type="button" className="button" disabled={!report.data} onClick={() => window.print()}>
            Print
          </button>
          {date && report.data ? (
            <a className="button button--outline" href={dayReportCsvUrl(date, location)} download>
              Download CSV
            </a>
          ) : null}
        </div>
      </form>

      {report.isPending && date !== null ? <Spinner label="Loading the report..." /> : null}
      {report.isError || (today.isError && date === null) ? (
        <div className="admin-card" role="alert">
          <p>Could not load the report. Check your connection and try again.</p>
          <button type="button" className="button" onClick={() => void (date === null ? today.refetch() : report.refetch())}>
            Retry
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
  return <span className="reports__money">{lei(bani)}</span>;
}

/** The report itself: the same markup on screen and on paper (the print CSS narrows it for 80 mm). */
export function ReportView({ report, headingLevel }: { report: DayReport; headingLevel: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  const busyHours = report.ordersPerHour.filter((h) => h.orders > 0);
  return (
    <article className="report" aria-label={`Report for ${report.date}`}>
      <header className="report__header">
        <p className="report__title">Day report · {reportDateText(report.date)}</p>
        <p>{report.location.name}</p>
        <p className="admin-muted">Bucharest time · printed {DATE_TIME_FORMAT.format(new Date(report.generatedAt))}</p>
      </header>

      <section className="report__block">
        <Heading>Summary</Heading>
        <dl className="report__summary">
          <div>
            <dt>Orders</dt>
            <dd data-testid="report-orders">{report.summary.orders}</dd>
          </div>
          <div>
            <dt>Cancelled</dt>
            <dd data-testid="report-cancelled">{report.summary.cancelled}</dd>
          </div>
          <div>
            <dt>Sales</dt>
            <dd>
              <Money bani={report.summary.grossBani} />
            </dd>
          </div>
          <div>
            <dt>Refunded</dt>
            <dd>
              <Money bani={report.summary.refundedBani} />
            </dd>
          </div>
          <div>
            <dt>Revenue</dt>
            <dd data-testid="report-revenue">
              <Money bani={report.summary.revenueBani} />
            </dd>
          </div>
          <div>
            <dt>Average preparation</dt>
            <dd>{prepText(report.prep)}</dd>
          </div>
          <div>
            <dt>Later than promised</dt>
            <dd>
              {report.prep.lateOrders} of {report.prep.timedOrders}
            </dd>
          </div>
        </dl>
      </section>

      <section className="report__block">
        <Heading>By payment method</Heading>
        <ReportTable
          columns={['Method', 'Orders', 'Cancelled', 'Revenue']}
          rows={report.byPaymentMethod.map((m) => ({
            key: m.method,
            head: m.method === 'card' ? 'Card' : 'Cash',
            cells: [m.orders, m.cancelled, <Money key="revenue" bani={m.revenueBani} />],
          }))}
        />
      </section>

      <section className="report__block">
        <Heading>By category</Heading>
        {report.byCategory.length === 0 ? (
          <p className="admin-muted">Nothing sold.</p>
        ) : (
          <ReportTable
            columns={['Category', 'Qty', 'Sales']}
            rows={report.byCategory.map((c) => ({
              key: `${c.categoryId ?? 'none'}:${c.category}`,
              head: c.category,
              cells: [c.quantity, <Money key="sales" bani={c.revenueBani} />],
            }))}
          />
        )}
      </section>

      <section className="report__block">
        <Heading>By dish</Heading>
        {report.byDish.length === 0 ? (
          <p className="admin-muted">Nothing sold.</p>
        ) : (
          <ReportTable
            columns={['Dish', 'Qty', 'Sales']}
            rows={report.byDish.map((d) => ({
              key: `${d.menuItemId}:${d.dish}`,
              head: (
                <>
                  {d.dish}
                  <span className="report__detail"> · {d.category}</span>
                </>
              ),
              cells: [d.quantity, <Money key="sales" bani={d.revenueBani} />],
            }))}
          />
        )}
      </section>

      <section className="report__block">
        <Heading>Cancellations</Heading>
        {report.cancellations.orders.length === 0 ? (
          <p className="admin-muted">No cancellations.</p>
        ) : (
          <>
            <ReportTable
              columns={['Reason', 'Orders', 'Value']}
              rows={report.cancellations.byReason.map((r) => ({
                key: r.reasonCode ?? 'none',
                head: r.label,
                cells: [r.orders, <Money key="value" bani={r.totalBani} />],
              }))}
            />
            <ul className="report__list" aria-label="Cancelled orders">
              {report.cancellations.orders.map((o) => (
                <li key={o.orderNumber}>
                  {time(o.createdAt)} {o.orderNumber} · {o.paymentMethod === 'card' ? 'Card' : 'Cash'} <Money bani={o.totalBani} />
                  {o.reason ? <span className="report__detail"> · {o.reason}</span> : null}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="report__block">
        <Heading>Refunds</Heading>
        {report.refunds.list.length === 0 ? (
          <p className="admin-muted">No refunds.</p>
        ) : (
          <>
            <p>
              Refunded <Money bani={report.refunds.succeededBani} />
              {report.refunds.pendingBani > 0 ? (
                <>
                  {' '}
                  · pending <Money bani={report.refunds.pendingBani} />
                </>
              ) : null}
              {report.refunds.failedBani > 0 ? (
                <>
                  {' '}
                  · failed <Money bani={report.refunds.failedBani} />
                </>
              ) : null}
            </p>
            <ul className="report__list" aria-label="Refunds">
              {report.refunds.list.map((r, index) => (
                <li key={`${r.orderNumber}:${index}`}>
                  {time(r.createdAt)} {r.orderNumber} · {r.kind === 'full' ? 'full' : 'partial'}, {r.status} <Money bani={r.amountBani} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="report__block">
        <Heading>Orders per hour</Heading>
        {busyHours.length === 0 ? (
          <p className="admin-muted">No orders.</p>
        ) : (
          <ReportTable
            columns={['Hour', 'Orders', 'Sales']}
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
