import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { inLanguage } from '../../../../tests/fixtures/language';
import type { InboxEntry } from '../../../shared/schemas/menu-editor';
import { InboxItem } from './inbox-item';

const contact: InboxEntry = {
  kind: 'contact',
  id: 3,
  at: '2026-11-22T12:05:00.000Z',
  name: 'Mihai Ionescu',
  email: 'mihai@example.ro',
  subject: 'Catering & parking?',
  body: 'Catering & parking?\nFor 40 people.',
  rating: null,
  orderId: null,
  orderNumber: null,
  handledAt: null,
};
const feedback: InboxEntry = {
  ...contact,
  kind: 'feedback',
  id: 9,
  subject: 'Feedback on order ORD-1',
  body: 'Cold fries.',
  rating: 2,
  orderId: 1,
  orderNumber: 'ORD-1',
  handledAt: '2026-11-22T19:30:00.000Z',
};

const English = await inLanguage();
const Romanian = await inLanguage('ro');

const render = (entry: InboxEntry, orderLink: string | null = null, Language = English) =>
  renderToStaticMarkup(
    <Language>
      <InboxItem entry={entry} onMark={() => undefined} orderLink={orderLink ? <a href="/board">{orderLink}</a> : null} />
    </Language>,
  );

describe('an inbox entry', () => {
  it('shows who, when in Bucharest, the subject, the message, the reply link and Mark handled', () => {
    const html = render(contact);
    expect(html).toContain('Contact message');
    expect(html).toContain('Mihai Ionescu');
    expect(html).toContain('&lt;mihai@example.ro&gt;');
    expect(html).toContain('dateTime="2026-11-22T12:05:00.000Z"');
    expect(html).toContain('Sun, 22 Nov 2026, 14:05');
    expect(html).toContain('Catering &amp; parking?</h2>');
    expect(html).toContain('For 40 people.');
    expect(html).toContain('href="mailto:mihai@example.ro?subject=Re%3A%20Catering%20%26%20parking%3F"');
    expect(html).toContain('>Mark handled</button>');
    expect(html).not.toContain('Rating');
    expect(html).not.toContain('Handled ');
  });

  it('feedback shows its rating, its order and, once handled, when and Mark unhandled', () => {
    const html = render(feedback, 'Order ORD-1');
    expect(html).toContain('Order feedback');
    expect(html).toContain('aria-label="2 out of 5"');
    expect(html).toContain('★★☆☆☆');
    expect(html).toContain('<a href="/board">Order ORD-1</a>');
    expect(html).toContain('>Mark unhandled</button>');
    expect(html).toContain('Handled <time dateTime="2026-11-22T19:30:00.000Z">Sun, 22 Nov 2026, 21:30</time>');
  });

  it('offers no reply without an address', () => {
    expect(render({ ...feedback, email: '' })).not.toContain('mailto:');
  });

  it('in Romanian: the kind, the rating, the actions and the Bucharest time in Romanian', () => {
    const html = render(feedback, 'Comanda ORD-1', Romanian);
    expect(html).toContain('Părere despre comandă');
    expect(html).toContain('aria-label="2 din 5"');
    expect(html).toContain('>Marchează nerezolvat</button>');
    expect(html).toContain('Răspunde pe e-mail');
    expect(html).toMatch(/Rezolvat <time dateTime="2026-11-22T19:30:00.000Z">dum\.?, 22 nov\. 2026,? 21:30<\/time>/);
  });
});
