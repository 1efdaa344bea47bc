import { describe, expect, it } from 'vitest';

import { parseEnv } from './env';

describe('environment', () => {
  it('has embedded defaults for every setting', () => {
    expect(parseEnv({})).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', DATA_DIR: './data', LOG_LEVEL: 'info' });
  });
  it('fails fast with the name of a bad setting', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD/);
  });
  it('selects PostgreSQL only with a postgres:// URL and keeps the SQLite default otherwise', () => {
    expect(parseEnv({}).DATABASE_URL).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: 'postgres://u:p@db:5432/shop' }).DATABASE_URL).toBe('postgres://u:p@db:5432/shop');
    expect(parseEnv({ DATABASE_URL: 'postgresql://db/shop' }).DATABASE_URL).toBe('postgresql://db/shop');
    expect(() => parseEnv({ DATABASE_URL: 'mysql://db/shop' })).toThrow(/DATABASE_URL/);
  });
  it('requires the outbox lease to outlast one POS hand-off', () => {
    expect(parseEnv({})).toMatchObject({ OUTBOX_LEASE_MS: 60_000, OUTBOX_POS_TIMEOUT_MS: 10_000, SHUTDOWN_DRAIN_MS: 0 });
    expect(parseEnv({ OUTBOX_LEASE_MS: '3000', OUTBOX_POS_TIMEOUT_MS: '1000' }).OUTBOX_LEASE_MS).toBe(3000);
    expect(() => parseEnv({ OUTBOX_LEASE_MS: '5000' })).toThrow(/OUTBOX_LEASE_MS/);
  });
});
