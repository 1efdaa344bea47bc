import { describe, expect, it } from 'vitest';

import { jobRegistry } from './queue';
import type { JobHandler } from './queue';

const handler = (kind: string): JobHandler => ({ kind, run: () => Promise.resolve() });

describe('jobRegistry (handlers by kind)', () => {
  it('finds each handler by its kind', () => {
    const pos = handler('pos.send');
    const mail = handler('mail');
    const registry = jobRegistry([pos, mail]);
    expect(registry.get('pos.send')).toBe(pos);
    expect(registry.get('mail')).toBe(mail);
    expect(registry.get('push')).toBeUndefined();
  });

  it('refuses a kind registered twice (two handlers would race for its rows)', () => {
    expect(() => jobRegistry([handler('mail'), handler('pos.send'), handler('mail')])).toThrow('job kind mail registered twice');
  });
});
