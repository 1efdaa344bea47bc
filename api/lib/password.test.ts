import { afterEach, describe, expect, it } from 'vitest';

import { hashPassword, setPasswordHashCostForTests, SCRYPT_LOG2_N, verifyPassword } from './password';

describe('password hashing', () => {
  afterEach(() => setPasswordHashCostForTests(SCRYPT_LOG2_N));

  it('hashes with scrypt N=2^17 and verifies only the right password', async () => {
    const stored = await hashPassword('corect-horse-1');
    expect(stored.startsWith(`scrypt$${2 ** 17}$8$1$`)).toBe(true);
    expect(await verifyPassword('corect-horse-1', stored)).toBe(true);
    expect(await verifyPassword('corect-horse-2', stored)).toBe(false);
    expect(await verifyPassword('corect-horse-1', 'garbage')).toBe(false);
  });

  it('a test cost changes only new hashes: a hash made at full strength still verifies, and the reverse', async () => {
    const strong = await hashPassword('corect-horse-1');
    setPasswordHashCostForTests(12);
    const fast = await hashPassword('corect-horse-1');
    expect(fast.startsWith(`scrypt$${2 ** 12}$8$1$`)).toBe(true);
    expect(await verifyPassword('corect-horse-1', strong)).toBe(true);
    expect(await verifyPassword('corect-horse-2', fast)).toBe(false);
    setPasswordHashCostForTests(SCRYPT_LOG2_N);
    expect(await verifyPassword('corect-horse-1', fast)).toBe(true);
  });
});
