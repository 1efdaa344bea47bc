/**
 * One inbox entry (issue 18): what kind, when (Bucharest, 24 h), the subject, who wrote (name and
 * address), the rating for feedback, the message, the order for feedback, and the actions: "Mark
 * handled" / "Mark unhandled" (the caller queues it) and "Reply by e-mail" (a mailto: link with the
 * address and "Re: <subject>"; none when there is no address).
 */
import type { ReactNode } from 'react';
import { useId } from 'react';

import type { InboxEntry } from '../../../shared/schemas/menu-editor';
import { formatInboxTime, ratingLabel, replyHref } from '../inbox-format';

const MAX_RATING = 5;

export interface InboxItemProps {
  entry: InboxEntry;
  onMark(handled: boolean): void;
  /** The link to the feedback's order, composed by the section (it needs the router). */
  orderLink: ReactNode;
}

export function InboxItem({ entry, onMark, orderLink }: InboxItemProps) {
  const titleId = useId();
  const handled = entry.handledAt !== null;
  const reply = replyHref(entry);
  return (
    <article className={`inbox-item admin-card${handled ? ' inbox-item--handled' : ''}`} aria-labelledby={titleId}>
      <header className="inbox-item__header">
        <span className={`inbox-item__kind inbox-item__kind--${entry.kind}`}>
          {entry.kind === 'contact' ? 'Contact message' : 'Order feedback'}
        </span>
        <time className="inbox-item__time" dateTime={entry.at}>
          {formatInboxTime(entry.at)}
        </time>
      </header>
      <h2 id={titleId} className="inbox-item__subject">
        {entry.subject}
      </h2>
      <p className="inbox-item__from">
        From <strong>{entry.name}</strong>
        {entry.email ? <> &lt;{entry.email}&gt;</> : null}
      </p>
      {entry.rating !== null ? (
        <p className="inbox-item__rating">
          Rating:{' '}
          <span role="img" aria-label={ratingLabel(entry.rating)}>
            {'★'.repeat(entry.rating)}
            {'☆'.repeat(MAX_RATING - entry.rating)}
          </span>
        </p>
      ) : null}
      <p className="inbox-item__body">{entry.body}</p>
      {orderLink ? <p className="inbox-item__order">{orderLink}</p> : null}
      <div className="inbox-item__actions">
        <button type="button" className={`button${handled ? ' button--outline' : ''}`} onClick={() => onMark(!handled)}>
          {handled ? 'Mark unhandled' : 'Mark handled'}
        </button>
        {reply ? (
          <a className="button button--outline" href={reply}>
            Reply by e-mail
          </a>
        ) : null}
        {handled ? (
          <span className="inbox-item__handled admin-muted">
            Handled <time dateTime={entry.handledAt!}>{formatInboxTime(entry.handledAt!)}</time>
          </span>
        ) : null}
      </div>
    </article>
  );
}
