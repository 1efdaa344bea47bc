/**
 * One inbox entry (issue 18): what kind, when (Bucharest, 24 h), the subject, who wrote (name and
 * address), the rating for feedback, the message, the order for feedback, and the actions: "Mark
 * handled" / "Mark unhandled" (the caller queues it) and "Reply by e-mail" (a mailto: link with the
 * address and "Re: <subject>"; none when there is no address).
 */
import type { ReactNode } from 'react';
import { useId } from 'react';

import { useLocale, useT } from '../../../lib/i18n';
import type { InboxEntry } from '../../../shared/schemas/menu-editor';
import { formatInboxTime, replyHref } from '../inbox-format';

const MAX_RATING = 5;

export interface InboxItemProps {
  entry: InboxEntry;
  onMark(handled: boolean): void;
  /** The link to the feedback's order, composed by the section (it needs the router). */
  orderLink: ReactNode;
}

export function InboxItem({ entry, onMark, orderLink }: InboxItemProps) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const handled = entry.handledAt !== null;
  const reply = replyHref(entry);
  return (
    <article className={`inbox-item admin-card${handled ? ' inbox-item--handled' : ''}`} aria-labelledby={titleId}>
      <header className="inbox-item__header">
        <span className={`inbox-item__kind inbox-item__kind--${entry.kind}`}>
          {entry.kind === 'contact' ? t('inbox.item.contact') : t('inbox.item.feedback')}
        </span>
        <time className="inbox-item__time" dateTime={entry.at}>
          {formatInboxTime(entry.at, locale)}
        </time>
      </header>
      <h2 id={titleId} className="inbox-item__subject">
        {entry.subject}
      </h2>
      <p className="inbox-item__from">
        {t('inbox.item.from')} <strong>{entry.name}</strong>
        {entry.email ? ` <${entry.email}>` : null}
      </p>
      {entry.rating !== null ? (
        <p className="inbox-item__rating">
          {t('inbox.item.rating')}{' '}
          <span role="img" aria-label={t('inbox.item.rating.label', { rating: entry.rating })}>
            {'★'.repeat(entry.rating)}
            {'☆'.repeat(MAX_RATING - entry.rating)}
          </span>
        </p>
      ) : null}
      <p className="inbox-item__body">{entry.body}</p>
      {orderLink ? <p className="inbox-item__order">{orderLink}</p> : null}
      <div className="inbox-item__actions">
        <button type="button" className={`button${handled ? ' button--outline' : ''}`} onClick={() => onMark(!handled)}>
          {handled ? t('inbox.item.markUnhandled') : t('inbox.item.markHandled')}
        </button>
        {reply ? (
          <a className="button button--outline" href={reply}>
            {t('inbox.item.reply')}
          </a>
        ) : null}
        {handled ? (
          <span className="inbox-item__handled admin-muted">
            {t('inbox.item.handled')} <time dateTime={entry.handledAt!}>{formatInboxTime(entry.handledAt!, locale)}</time>
          </span>
        ) : null}
      </div>
    </article>
  );
}
