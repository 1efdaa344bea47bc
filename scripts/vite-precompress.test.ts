import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterEach, describe, expect, it } from 'vitest';

import { precompressBuildOutput, precompressDirectory, PRECOMPRESS_MIN_BYTES } from './vite-precompress';

describe('precompressDirectory', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz copies that decompress to the file, for text files big enough, in every folder but dot folders', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, '.vite'));
    const script = `export const menu = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `mici ${i}`))};`;
    writeFileSync(path.join(dir, 'assets', 'index-A.js'), script);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>ceafă</p>'.repeat(200)}`);
    writeFileSync(path.join(dir, 'assets', 'tiny-B.js'), 'export {};');
    writeFileSync(path.join(dir, 'icon.png'), Buffer.alloc(PRECOMPRESS_MIN_BYTES * 4, 7));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({ padding: 'x'.repeat(PRECOMPRESS_MIN_BYTES * 2) }));

    const compressed = await precompressDirectory(dir);

    expect(compressed.map((file) => path.relative(dir, file)).sort()).toEqual(['assets/index-A.js', 'index.html']);
    for (const file of ['assets/index-A.js', 'index.html']) {
      const original = readFileSync(path.join(dir, file));
      const brotli = readFileSync(path.join(dir, `${file}.br`));
      const gzipped = readFileSync(path.join(dir, `${file}.gz`));
      expect(brotliDecompressSync(brotli).equals(original)).toBe(true);
      expect(gunzipSync(gzipped).equals(original)).toBe(true);
      expect(brotli.length).toBeLessThan(original.length / 2);
    }
    expect(existsSync(path.join(dir, 'assets', 'tiny-B.js.gz'))).toBe(false);
    expect(existsSync(path.join(dir, 'icon.png.gz'))).toBe(false);
    expect(existsSync(path.join(dir, '.vite', 'manifest.json.gz'))).toBe(false);
  });

  it('in a build, only the content-hashed assets get copies: a file kept under its name may be replaced in place', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-build-'));
    mkdirSync(path.join(dir, 'assets'));
    const big = `self.addEventListener('fetch', () => {}); // ${'x'.repeat(PRECOMPRESS_MIN_BYTES * 2)}`;
    writeFileSync(path.join(dir, 'sw.js'), big);
    writeFileSync(path.join(dir, 'index.html'), big);
    writeFileSync(path.join(dir, 'assets', 'index-A.js'), big);

    await precompressBuildOutput(dir);

    expect(existsSync(path.join(dir, 'assets', 'index-A.js.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'sw.js.gz'))).toBe(false);
    expect(existsSync(path.join(dir, 'sw.js.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'index.html.gz'))).toBe(false);
  });
});
