import { describe, expect, it } from 'vitest';

import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('hashes with scrypt N=2^17 and verifies only the right password', async () => {
    const stored = await hashPassword('corect-horse-1');
    expect(stored.startsWith(`scrypt$${2 ** 17}$8$1$`)).toBe(true);
    expect(await verifyPassword('corect-horse-1', stored)).toBe(true);
    expect(await verifyPassword('corect-horse-2', stored)).toBe(false);
    expect(await verifyPassword('corect-horse-1', 'garbage')).toBe(false);
  });
});
