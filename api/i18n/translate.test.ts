import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

import { LOCALES } from '../../src/shared/i18n/locales';
import type { ServerMessageId } from './translate';
import { SERVER_CATALOGUES, serverMessages } from './translate';

/** The {placeholders} a compiled message fills, in plural and select branches too. */
function placeholdersOf(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , format] = token;
    into.add(name);
    if (format && typeof format === 'object')
      for (const [key, branch] of Object.entries(format)) if (key !== 'offset' && Array.isArray(branch)) placeholdersOf(branch, into);
  }
  return into;
}

describe('the server catalogues', () => {
  const ids = Object.keys(SERVER_CATALOGUES.en).sort() as ServerMessageId[];

  it('have the same messages in every language, none empty', () => {
    for (const locale of LOCALES) {
      expect(Object.keys(SERVER_CATALOGUES[locale]).sort()).toEqual(ids);
      for (const id of ids) expect(SERVER_CATALOGUES[locale][id].trim(), `${locale} ${id}`).not.toBe('');
    }
  });

  it('are valid ICU messages that fill the same placeholders in every language', () => {
    for (const id of ids) {
      const english = placeholdersOf(compileMessageOrThrow(SERVER_CATALOGUES.en[id]));
      for (const locale of LOCALES)
        expect(placeholdersOf(compileMessageOrThrow(SERVER_CATALOGUES[locale][id])), `${locale} ${id}`).toEqual(english);
    }
  });

  it('say Romanian counts the Romanian way: one, a few, and "de" from twenty', () => {
    const ro = serverMessages('ro');
    const invite = (days: number) => ro('account.invite.before.every', { invitedBy: 'Ana', site: 'Casa Grătarului', days });
    expect(invite(1)).toContain('timp de o zi)');
    expect(invite(7)).toContain('timp de 7 zile)');
    expect(invite(19)).toContain('timp de 19 zile)');
    expect(invite(20)).toContain('timp de 20 de zile)');
    expect(invite(101)).toContain('timp de 101 zile)');
    const en = serverMessages('en');
    expect(en('account.invite.before.every', { invitedBy: 'Ana', site: 'Casa Grătarului', days: 1 })).toContain('it works for 1 day, once');
    expect(en('account.invite.before.every', { invitedBy: 'Ana', site: 'Casa Grătarului', days: 7 })).toContain(
      'it works for 7 days, once',
    );
  });

  it('fill selects and placeholders in each language', () => {
    const values = { total: '64,00 lei', fulfilment: 'delivery', payment: 'card' };
    expect(serverMessages('ro')('push.newOrder', values)).toBe('Comandă nouă — 64,00 lei, livrare, plătită cu cardul');
    expect(serverMessages('en')('push.newOrder', { ...values, total: '64.00 lei', fulfilment: 'pickup', payment: 'cash' })).toBe(
      'New order — 64.00 lei, pickup, cash',
    );
  });
});
