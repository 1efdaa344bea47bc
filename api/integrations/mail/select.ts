/** Picks the Mail adapter from the configuration: SMTP when SMTP_URL is set, else the .eml file drop in DATA_DIR/mail. */
import path from 'node:path';

import type { Clock } from '../../../src/shared/clock';
import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import type { Mail } from './port';
import { createFileDropMail } from './file-drop';
import { createSmtpMail } from './smtp';

export function mailDirOf(env: Pick<Env, 'DATA_DIR'>): string {
  return path.join(env.DATA_DIR, 'mail');
}

export function selectMail(env: Pick<Env, 'DATA_DIR' | 'SMTP_URL' | 'MAIL_FROM'>, deps: { clock: Clock; logger: Logger }): Mail {
  if (env.SMTP_URL) return createSmtpMail({ url: env.SMTP_URL, from: env.MAIL_FROM });
  return createFileDropMail({ dir: mailDirOf(env), from: env.MAIL_FROM, clock: deps.clock, logger: deps.logger });
}
