import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

import type { Plugin } from 'vite';

import { COMPRESSIBLE_FILE } from '../api/lib/compressible-file.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a compressed copy saves less than the headers it costs. */
export const PRECOMPRESS_MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      // dist/.vite holds the build manifest the server reads and never serves.
      if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(full);
      return entry.isFile() ? [full] : [];
    }),
  );
  return nested.flat();
}

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) beside every compressible file of at least
 * PRECOMPRESS_MIN_BYTES under `dir`, for the server's static files to send as they are. Returns the
 * files compressed.
 */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const candidates: string[] = [];
  for (const file of await filesUnder(dir)) {
    if (COMPRESSIBLE_FILE.test(file) && (await stat(file)).size >= PRECOMPRESS_MIN_BYTES) candidates.push(file);
  }
  // zlib's async calls run on libuv's thread pool, so the files compress in parallel.
  await Promise.all(
    candidates.map(async (file) => {
      const source = await readFile(file);
      const [brotli, gzipped] = await Promise.all([
        brotliAsync(source, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipAsync(source, { level: zlibConstants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
    }),
  );
  return candidates;
}

/**
 * Compresses the build's content-hashed files (`assets/`): their names change with their bytes, so a
 * copy can never be older than its file. Files kept under a fixed name (`sw.js`, `index.html`, the
 * manifest, `public/` images) may be replaced in place by a deploy and are compressed per request
 * by the server instead: a stale `sw.js.gz` would hide a new service worker forever.
 */
export function precompressBuildOutput(outDir: string): Promise<string[]> {
  return precompressDirectory(path.join(outDir, 'assets'));
}

/**
 * Static files leave the server compressed (a phone on a slow link downloads about a
 * third of the bytes). Compressing at build time, at the highest levels, costs the server nothing per
 * request.
 */
export function precompressBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressBuildOutput(outDir);
      },
    },
  };
}
