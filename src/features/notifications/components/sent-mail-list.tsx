/**
 * The manager area's "Sent mail" (issue 20): without SMTP_URL the server keeps every message it
 * would have sent (order confirmations, receipts, refunds, account mail) instead of sending it, so
 * a demo shows what customers would get. Account links' tokens are hidden by the server.
 * Read-only; offline it shows what was last read.
 */
import { useQuery } from '@tanstack/react-query';

import { useLocale, useT, useWords } from '../../../lib/i18n';
import { bucharestFormat } from '../../../shared/bucharest-date-time';
import { sentMailQueryOptions } from '../api/sent-mail-api';
import './notifications.css';

const timeFormat = bucharestFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

export function SentMailList() {
  useWords('pages');
  const t = useT();
  const locale = useLocale();
  const mail = useQuery(sentMailQueryOptions());
  return (
    <section className="admin-card sent-mail" aria-labelledby="sent-mail-title">
      <h2 id="sent-mail-title">{t('notifications.mail.title')}</h2>
      {mail.isError ? <p role="alert">{t('notifications.mail.loadFailed')}</p> : null}
      {mail.data?.smtp ? <p>{t('notifications.mail.smtp')}</p> : <p className="push-devices__hint">{t('notifications.mail.noSmtp')}</p>}
      {mail.data && mail.data.messages.length === 0 ? <p>{t('notifications.mail.none')}</p> : null}
      <ul className="sent-mail__list">
        {mail.data?.messages.map((message) => (
          <li key={message.id}>
            <details>
              <summary>
                <strong>{message.subject}</strong> — {message.to}, {timeFormat(locale).format(new Date(message.createdAt))}
              </summary>
              <pre className="sent-mail__body">{message.text}</pre>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
