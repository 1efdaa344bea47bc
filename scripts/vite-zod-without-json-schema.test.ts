import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import type { Rolldown } from 'vite';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

import { zodWithoutJsonSchema } from './vite-zod-without-json-schema';

// Inside the repository, so the entry resolves the installed zod.
const dir = mkdtempSync(path.join(process.cwd(), 'node_modules', '.zod-stub-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ENTRY = `
import { z } from 'zod';
z.config({ jitless: true });
const schema = z.object({ q: z.string().max(5).optional(), n: z.number().int() });
export const parsed = schema.parse({ q: 'abc', n: 2 });
export const refused = schema.safeParse({ q: 'too long', n: 1.5 }).success;
export const standard = schema['~standard'].validate({ n: 3 });
export function jsonSchema() { return z.toJSONSchema(schema); }
export function standardJsonSchema() { return schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' }); }
`;

async function bundle(withPlugin: boolean): Promise<string> {
  const entry = path.join(dir, 'entry.js');
  writeFileSync(entry, ENTRY);
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: withPlugin ? [zodWithoutJsonSchema()] : [],
    build: { write: false, minify: true, lib: { entry, formats: ['es'], fileName: 'out' } },
  })) as Rolldown.RolldownOutput[];
  const chunk = output[0]!.output.find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('no chunk');
  return chunk.code;
}

const load = (code: string) =>
  import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`) as Promise<Record<string, unknown>>;

describe('client build without zod JSON Schema output', () => {
  it('parses exactly as before, is smaller, and says so if JSON Schema is ever asked for', async () => {
    const [full, stubbed] = await Promise.all([bundle(false), bundle(true)]);
    const withStub = await load(stubbed);
    expect(withStub.parsed).toEqual({ q: 'abc', n: 2 });
    expect(withStub.refused).toBe(false);
    expect(withStub.standard).toEqual({ value: { n: 3 } });
    expect(() => (withStub.jsonSchema as () => unknown)()).toThrow(/not part of the browser build/);
    expect(() => (withStub.standardJsonSchema as () => unknown)()).toThrow(/not part of the browser build/);

    const original = await load(full);
    expect(original.parsed).toEqual(withStub.parsed);
    expect((original.jsonSchema as () => { type: string })().type).toBe('object');
    const gzipKib = (code: string) => gzipSync(code).length / 1024;
    expect(gzipKib(full) - gzipKib(stubbed)).toBeGreaterThan(3);
  }, 60_000);
});
