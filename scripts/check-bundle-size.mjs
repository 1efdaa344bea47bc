// QUALITY P1: gzip every script and stylesheet that dist/index.html references (modulepreloads
// included) and every lazy chunk; print the figures; exit 1 when a hard limit is missed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KIB = 1024;
export const BUDGET = {
  initialJsTargetKib: 150,
  initialJsHardKib: 170,
  initialCssKib: 30,
  lazyChunkKib: 60,
};
// The map library is the one lazy chunk allowed past the per-chunk limit.
export const LAZY_EXEMPT = /maplibre|mapbox|react-map-gl/i;

export function measureBundle(distDir = 'dist') {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const referenced = new Set();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.(?:js|css))"/g))
    referenced.add(match[1].replace(/^\//, ''));
  const gz = (file) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const initial = [...referenced].map((file) => ({ file, gzipBytes: gz(file) }));
  const initialJs = initial.filter((f) => f.file.endsWith('.js')).reduce((s, f) => s + f.gzipBytes, 0);
  const initialCss = initial.filter((f) => f.file.endsWith('.css')).reduce((s, f) => s + f.gzipBytes, 0);
  const lazy = readdirSync(path.join(distDir, 'assets'))
    .filter((name) => name.endsWith('.js') && !referenced.has(`assets/${name}`))
    .map((name) => ({ file: `assets/${name}`, gzipBytes: gz(`assets/${name}`) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { initial, initialJs, initialCss, lazy };
}

function main() {
  const result = measureBundle(process.argv[2] ?? 'dist');
  const kib = (bytes) => (bytes / KIB).toFixed(1);
  console.log(`initial JS  ${kib(result.initialJs)} KiB gzip (target ${BUDGET.initialJsTargetKib}, hard limit ${BUDGET.initialJsHardKib})`);
  console.log(`initial CSS ${kib(result.initialCss)} KiB gzip (limit ${BUDGET.initialCssKib})`);
  for (const file of result.initial) console.log(`  initial ${file.file} ${kib(file.gzipBytes)} KiB`);
  const failures = [];
  if (result.initialJs > BUDGET.initialJsHardKib * KIB)
    failures.push(`initial JS ${kib(result.initialJs)} KiB > ${BUDGET.initialJsHardKib} KiB`);
  if (result.initialCss > BUDGET.initialCssKib * KIB)
    failures.push(`initial CSS ${kib(result.initialCss)} KiB > ${BUDGET.initialCssKib} KiB`);
  for (const chunk of result.lazy) {
    const over = chunk.gzipBytes > BUDGET.lazyChunkKib * KIB && !LAZY_EXEMPT.test(chunk.file);
    if (over) failures.push(`lazy chunk ${chunk.file} ${kib(chunk.gzipBytes)} KiB > ${BUDGET.lazyChunkKib} KiB`);
  }
  console.log(
    `lazy chunks: ${result.lazy.length}, largest ${result.lazy[0] ? `${result.lazy[0].file} ${kib(result.lazy[0].gzipBytes)} KiB` : 'none'}`,
  );
  if (result.initialJs > BUDGET.initialJsTargetKib * KIB)
    console.log(`note: initial JS is over the ${BUDGET.initialJsTargetKib} KiB target`);
  if (failures.length > 0) {
    console.error(`bundle budget missed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
