import { describe, expect, it } from 'vitest';

import { everyWordOf } from '../../../tests/fixtures/every-word';
import { formatInboxTime, replyHref, replySubject } from './inbox-format';

describe('inbox format', () => {
  it('shows times in Bucharest, 24 h, across the DST change', () => {
    // 12:00 UTC is 14:00 in Bucharest in winter (UTC+2) and 15:00 in summer (UTC+3).
    expect(formatInboxTime('2026-11-22T12:00:00.000Z')).toBe('Sun, 22 Nov 2026, 14:00');
    expect(formatInboxTime('2026-07-01T12:00:00.000Z')).toBe('Wed, 1 Jul 2026, 15:00');
    expect(formatInboxTime('2026-11-22T19:30:00.000Z')).toBe('Sun, 22 Nov 2026, 21:30');
  });

  it('replies with the address and "Re: subject", percent-encoded', () => {
    expect(replyHref({ email: 'ana.pop@example.ro', subject: 'Feedback on order ORD-1' })).toBe(
      'mailto:ana.pop@example.ro?subject=Re%3A%20Feedback%20on%20order%20ORD-1',
    );
    const href = replyHref({ email: 'x+y@example.ro', subject: 'Mici & bere? 100% ă' })!;
    expect(href).toBe('mailto:x%2By@example.ro?subject=Re%3A%20Mici%20%26%20bere%3F%20100%25%20%C4%83');
    const url = new URL(href);
    expect(decodeURIComponent(url.pathname)).toBe('x+y@example.ro');
    expect(url.searchParams.get('subject')).toBe('Re: Mici & bere? 100% ă');
  });

  it('does not stack "Re:" and gives no link without an address', () => {
    expect(replySubject('Re: Catering')).toBe('Re: Catering');
    expect(replySubject('Catering')).toBe('Re: Catering');
    expect(replyHref({ email: '', subject: 'Feedback on order ORD-2' })).toBeNull();
  });

  it('names a rating for screen readers', () => {
    expect(everyWordOf('en')._('inbox.item.rating.label', { rating: 4 })).toBe('4 out of 5');
    expect(everyWordOf('ro')._('inbox.item.rating.label', { rating: 4 })).toBe('4 din 5');
  });

  it('in Romanian: Romanian day and month names, still 24 h in Bucharest', () => {
    expect(formatInboxTime('2026-11-22T19:30:00.000Z', 'ro')).toMatch(/^dum\.?, 22 nov\. 2026,? 21:30$/);
  });
});
