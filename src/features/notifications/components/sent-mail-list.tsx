/**
 * The manager area's "Sent mail" (issue 20): without SMTP_URL the server keeps every message it
 * would have sent (order confirmations, receipts, refunds, account mail) instead of sending it, so
 * a demo shows what customers would get. Account links' tokens are hidden by the server.
 * Read-only; offline it shows what was last read.
 */
import { useQuery } from '@tanstack/react-query';

import { sentMailQueryOptions } from '../api/sent-mail-api';
import './notifications.css';

const TIME_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Bucharest',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

export function SentMailList() {
  const mail = useQuery(sentMailQueryOptions());
  return (
    <section className="admin-card sent-mail" aria-labelledby="sent-mail-title">
      <h2 id="sent-mail-title">Sent mail</h2>
      {mail.isError ? <p role="alert">Could not load the messages.</p> : null}
      {mail.data?.smtp ? (
        <p>Mail is sent through your SMTP server (SMTP_URL); messages kept before it was set are listed here.</p>
      ) : (
        <p className="push-devices__hint">No SMTP server is set (SMTP_URL), so messages are kept here instead of being sent.</p>
      )}
      {mail.data && mail.data.messages.length === 0 ? <p>No messages yet.</p> : null}
      <ul className="sent-mail__list">
        {mail.data?.messages.map((message) => (
          <li key={message.id}>
            <details>
              <summary>
                <strong>{message.subject}</strong> — {message.to}, {TIME_FORMAT.format(new Date(message.createdAt))}
              </summary>
              <pre className="sent-mail__body">{message.text}</pre>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
