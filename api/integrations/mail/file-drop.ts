/**
 * The embedded default of the Mail port: every message becomes a real RFC 5322 .eml file under
 * DATA_DIR/mail/ (built by nodemailer's own composer, so it opens in any mail program), and the log
 * says where. Needs no configuration, so a fresh install's manager can still read a reset or
 * verification link before SMTP is set up. The files hold live links: readable by the owner only.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import nodemailer from 'nodemailer';

import type { Clock } from '../../../src/shared/clock';
import type { Logger } from '../../lib/logger';
import type { Mail, MailMessage } from './port';

/** Owner read/write only: the messages carry single-use account links. */
const MAIL_FILE_MODE = 0o600;
const MAIL_DIR_MODE = 0o700;

export function createFileDropMail(options: { dir: string; from: string; clock: Clock; logger: Logger }): Mail {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'file',
    async send(message: MailMessage) {
      const info = await composer.sendMail({ from: options.from, ...message, date: options.clock.now() });
      await mkdir(options.dir, { recursive: true, mode: MAIL_DIR_MODE });
      // Sortable by time, unique without coordination between instances sharing DATA_DIR.
      const stamp = options.clock.now().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.dir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message, { mode: MAIL_FILE_MODE });
      // The subject and file, never the recipient or the body (personal data, live links).
      options.logger.info('mail written to a file (set SMTP_URL to send it)', { subject: message.subject, file });
    },
    close() {
      composer.close();
    },
  };
}
