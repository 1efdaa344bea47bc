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
  it('defect 4: PAYMENTS=test on an https PUBLIC_URL refuses to start unless ALLOW_TEST_PAYMENTS=true', () => {
    const live = { PUBLIC_URL: 'https://comenzi.example.ro' };
    expect(() => parseEnv(live)).toThrow(/PAYMENTS.*ALLOW_TEST_PAYMENTS/s);
    expect(() => parseEnv({ ...live, PAYMENTS: 'test' })).toThrow(/ALLOW_TEST_PAYMENTS/);
    expect(() => parseEnv({ ...live, ALLOW_TEST_PAYMENTS: 'false' })).toThrow(/ALLOW_TEST_PAYMENTS/);
    expect(parseEnv({ ...live, ALLOW_TEST_PAYMENTS: 'true' })).toMatchObject({ PAYMENTS: 'test', ALLOW_TEST_PAYMENTS: true });
    expect(parseEnv({ ...live, PAYMENTS: 'stripe' }).PAYMENTS).toBe('stripe');
    // A local or plain-http address is a development or demo machine: the test checkout is the point there.
    expect(parseEnv({}).ALLOW_TEST_PAYMENTS).toBe(false);
    expect(parseEnv({ PUBLIC_URL: 'http://192.168.1.20:8080' }).PAYMENTS).toBe('test');
    expect(() => parseEnv({ ALLOW_TEST_PAYMENTS: 'maybe' })).toThrow(/ALLOW_TEST_PAYMENTS/);
  });
});
