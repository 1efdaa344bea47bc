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
});
