/**
 * The only reader of process.env. Parsed once with zod at start; a bad value stops the process
 * with a clear message instead of failing later.
 */
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Where the built PWA lives; the server serves it on the same origin as /api. */
  STATIC_DIR: z.string().min(1).default('./dist'),
  /** The origin customers use (https://comenzi.example.ro). Defaults to http://HOST:PORT. */
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(10, 'ADMIN_PASSWORD needs at least 10 characters').optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Pins the server clock's start (ISO instant); it then advances in real time. For tests and demos only. */
  CLOCK_START_AT: z.iso.datetime({ offset: true }).optional(),
  /** Link of the 'Comandă Online' banner (the external cakes shop). */
  CAKES_SHOP_URL: z.url().default('https://prajituri.example.ro'),
  TRUST_PROXY: booleanFlag.default(false),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function readEnv(): Env {
  // This module is the one reader of the environment (lint forbids process.env elsewhere in api/ and src/).
  return parseEnv(process.env);
}
