import { describe, expect, it } from 'vitest';

import { catalogueProblems } from '../../tests/setup/catalogue-check';
import { SERVER_CATALOGUES, serverMessages } from './translate';

describe('the server catalogues', () => {
  it('are complete: the same messages in every language, none empty, each valid ICU with the same placeholders', () => {
    expect(catalogueProblems(SERVER_CATALOGUES)).toEqual([]);
  });

  it('fail the completeness check for each kind of gap', () => {
    const problems = catalogueProblems({
      en: { a: 'Hello {name}', b: 'Bye', c: 'Ok', e: 'Only here' },
      ro: { a: 'Bună {nume}', b: ' ', c: '{broken', d: 'În plus' },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'ro: e is missing',
        'ro: a fills {nume}, en fills {name}',
        'ro: b is empty',
        'ro: d is not in the en catalogue',
      ]),
    );
    expect(problems.filter((problem) => problem.startsWith('ro: c is not valid ICU'))).toHaveLength(1);
    expect(problems).toHaveLength(5);
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
