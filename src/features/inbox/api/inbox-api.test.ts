import { describe, expect, it } from 'vitest';

import type { Inbox, InboxEntry } from '../../../shared/schemas/menu-editor';
import { handledPath, withHandled } from './inbox-api';

const entry = (kind: InboxEntry['kind'], id: number, handledAt: string | null): InboxEntry => ({
  kind,
  id,
  at: '2026-11-22T12:00:00.000Z',
  name: 'Ana',
  email: 'ana@example.ro',
  subject: 'Hello',
  body: 'Hello there',
  rating: kind === 'feedback' ? 5 : null,
  orderId: kind === 'feedback' ? 7 : null,
  orderNumber: kind === 'feedback' ? 'ORD-7' : null,
  handledAt,
});

const NOW = '2026-11-22T13:00:00.000Z';

describe('marking an inbox entry', () => {
  const inbox: Inbox = { entries: [entry('contact', 1, null), entry('feedback', 1, null), entry('contact', 2, NOW)], unhandled: 2 };

  it('marks the one entry of that kind and id, and the count follows', () => {
    const marked = withHandled(inbox, { kind: 'feedback', id: 1 }, true, NOW);
    expect(marked.unhandled).toBe(1);
    expect(marked.entries.map((e) => e.handledAt)).toEqual([null, NOW, NOW]);
    const back = withHandled(marked, { kind: 'feedback', id: 1 }, false, NOW);
    expect(back).toEqual(inbox);
  });

  it('changes nothing when the entry is already so, or unknown', () => {
    expect(withHandled(inbox, { kind: 'contact', id: 2 }, true, NOW)).toEqual(inbox);
    expect(withHandled(inbox, { kind: 'contact', id: 99 }, true, NOW)).toEqual(inbox);
  });

  it('posts to the entry’s own path', () => {
    expect(handledPath({ kind: 'feedback', id: 12 })).toBe('/api/admin/inbox/feedback/12/handled');
  });
});
