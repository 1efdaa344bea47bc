/**
 * The Mail port: the embedded default keeps each message in the store, the SMTP adapter delivers
 * to an SMTP server (the stand-in), and mail rows of the server outbox are sent by the worker,
 * retried while the server refuses, and keep no message (no live link) once sent.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { manualClock } from '../../../src/shared/clock';
import { createLogger } from '../../lib/logger';
import { createOutboxWorker } from '../../jobs/outbox-worker';
import { startSmtpMock, type SmtpMock } from '../../../tests/mocks/smtp';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import type { MailMessage } from './port';
import { enqueueMail, MAIL_OUTBOX_KIND } from './outbox';
import { selectMail } from './select';
import { createSmtpMail } from './smtp';
import { createStoreKeptMail, withoutLinkTokens } from './store-kept';

const MESSAGE: MailMessage = {
  to: 'ana.popescu@example.ro',
  subject: 'Reset your password',
  text: 'Open http://127.0.0.1:8080/reset-password?token=abc to choose a new password.',
  html: '<p>Open <a href="http://127.0.0.1:8080/reset-password?token=abc">this link</a>.</p>',
};
const FROM = 'Casa Grătarului <no-reply@casagratarului.local>';

let smtp: SmtpMock | null = null;
let t: TestApp | null = null;
afterEach(async () => {
  await smtp?.close();
  smtp = null;
  await t?.close();
  t = null;
});

describe('kept in the store (the embedded default)', () => {
  it('keeps each message in the store and logs one line without the recipient or the body', async () => {
    t = await createTestApp();
    const lines: string[] = [];
    const mail = createStoreKeptMail({
      db: t.deps.store.db,
      clock: manualClock(new Date('2026-11-22T12:00:00Z')),
      logger: createLogger('info', {}, (line) => lines.push(line)),
    });
    await mail.send(MESSAGE);
    const rows = await t.deps.store.db.selectFrom('sent_mail').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      to_address: MESSAGE.to,
      subject: MESSAGE.subject,
      text_body: MESSAGE.text,
      html_body: MESSAGE.html,
      created_at: '2026-11-22T12:00:00.000Z',
    });
    expect(lines).toHaveLength(1);
    const logged = JSON.parse(lines[0]!) as { subject?: string; sentMailId?: number };
    expect(logged).toMatchObject({ subject: MESSAGE.subject, sentMailId: rows[0]!.id });
    // Neither the recipient nor the link reaches the log.
    expect(lines.join('\n')).not.toContain(MESSAGE.to);
    expect(lines.join('\n')).not.toContain('token=abc');
  });

  it('is what selectMail picks without SMTP_URL; SMTP_URL picks SMTP', async () => {
    t = await createTestApp();
    const deps = { clock: manualClock(new Date()), logger: createLogger('silent'), store: t.deps.store };
    expect(selectMail({ MAIL_FROM: FROM, SMTP_URL: undefined }, deps).name).toBe('store');
    const smtpMail = selectMail({ MAIL_FROM: FROM, SMTP_URL: 'smtp://127.0.0.1:2525' }, deps);
    expect(smtpMail.name).toBe('smtp');
    smtpMail.close();
  });

  it("hides account links' tokens from the manager's list", () => {
    expect(withoutLinkTokens('Open http://x/reset-password#token=AbC_-12 now')).toBe('Open http://x/reset-password#token=(hidden) now');
  });
});

describe('SMTP adapter', () => {
  it('delivers to the SMTP server with the From of MAIL_FROM', async () => {
    smtp = await startSmtpMock();
    const mail = createSmtpMail({ url: smtp.url, from: FROM });
    try {
      await mail.send(MESSAGE);
    } finally {
      mail.close();
    }
    const received = await smtp.waitFor((m) => m.subject === MESSAGE.subject);
    expect(received.to).toEqual([MESSAGE.to]);
    expect(received.from).toBe('no-reply@casagratarului.local');
    expect(received.text.trim()).toBe(MESSAGE.text);
  });

  it('a refusing server is an error (so the outbox retries)', async () => {
    smtp = await startSmtpMock();
    smtp.setFailing(true);
    const mail = createSmtpMail({ url: smtp.url, from: FROM });
    try {
      await expect(mail.send(MESSAGE)).rejects.toThrow();
    } finally {
      mail.close();
    }
  });
});

describe('mail through the server outbox', () => {
  it('the worker sends a mail row, retries while the server refuses, and keeps no message once sent', async () => {
    smtp = await startSmtpMock();
    t = await createTestApp();
    const db = t.deps.store.db;
    await db.transaction().execute((trx) => enqueueMail(trx, MESSAGE, { dedupeKey: 'test:1', now: t!.clock.now() }));
    // The same cause enqueued twice (a retried request) is one mail.
    await enqueueMail(db, MESSAGE, { dedupeKey: 'test:1', now: t.clock.now() });
    const mail = createSmtpMail({ url: smtp.url, from: FROM });
    const worker = createOutboxWorker({
      store: t.deps.store,
      clock: t.clock,
      logger: t.deps.logger,
      pos: t.deps.pos,
      orderEvents: t.deps.orderEvents,
      mail,
      random: () => 0,
    });
    try {
      smtp.setFailing(true);
      expect(await worker.runOnce()).toBe(1);
      let row = await db.selectFrom('outbox').selectAll().where('kind', '=', MAIL_OUTBOX_KIND).executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
      expect(row.attempts).toBe(1);
      expect(row.last_error).toBeTruthy();

      smtp.setFailing(false);
      t.clock.advanceMs(60_000);
      await worker.drain();
      row = await db.selectFrom('outbox').selectAll().where('kind', '=', MAIL_OUTBOX_KIND).executeTakeFirstOrThrow();
      expect(row.status).toBe('done');
      expect(row.payload).not.toContain('token=abc');
      expect(row.payload).not.toContain(MESSAGE.to);
      expect(JSON.parse(row.payload)).toMatchObject({ sent: true, via: 'smtp', toDomain: 'example.ro', subject: MESSAGE.subject });
      expect(smtp.messages.filter((m) => m.subject === MESSAGE.subject)).toHaveLength(1);
    } finally {
      await worker.stop();
      mail.close();
    }
  });
});
