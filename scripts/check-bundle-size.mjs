// The first-load budget: gzip every script and stylesheet that dist/index.html references (modulepreloads
// included) and every lazy chunk; then, per route (`/` and `/menu`), the initial JS a first visit
// really loads: that shell plus the route chunk the router imports for the path and everything it
// statically imports, found in Vite's build manifest (dist/.vite/manifest.json). Prints the
// figures; exits 1 when a hard limit is missed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * The words a first visit loads before its first render, per language (issue 23): the app's part of
 * that language's compiled catalogue (`virtual:icu-catalogue/<language>`, a chunk of its own), gzip
 * bytes by language. Empty for a build without catalogues.
 */
export function measureCatalogues(distDir = 'dist') {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return {};
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const byLanguage = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    const language = /^virtual:icu-catalogue\/([a-z]+)$/.exec(key)?.[1];
    if (language) byLanguage[language] = gzipSync(readFileSync(path.join(distDir, chunk.file)), { level: 9 }).length;
  }
  return byLanguage;
}

/** The routes the budget covers, with the file-route module that serves each. */
export const BUDGET_ROUTES = [
  { path: '/', routeFile: 'src/routes/index.tsx' },
  { path: '/menu', routeFile: 'src/routes/menu.tsx' },
];

/**
 * Initial JS and CSS of each route: the shell that index.html references, plus the route's chunks
 * (the route module and the code-split pieces the router loads for it, `?tsr-split=…`) with their
 * static imports, each file counted once. Throws when the build has no manifest.
 */
export function measureRoutes(distDir = 'dist', routes = BUDGET_ROUTES) {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with build.manifest enabled`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const gz = (file) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const shell = measureBundle(distDir).initial.map((f) => f.file);
  return routes.map(({ path: routePath, routeFile }) => {
    const routeKeys = Object.keys(manifest).filter((key) => key === routeFile || key.startsWith(`${routeFile}?`));
    if (routeKeys.length === 0) throw new Error(`no chunk for ${routeFile} in the build manifest`);
    const files = new Set(shell);
    const visit = (key) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of routeKeys) visit(key);
    const measured = [...files].map((file) => ({ file, gzipBytes: gz(file) }));
    const sum = (ext) => measured.filter((f) => f.file.endsWith(ext)).reduce((total, f) => total + f.gzipBytes, 0);
    return {
      path: routePath,
      routeChunks: routeKeys.map((key) => manifest[key].file),
      files: measured,
      initialJs: sum('.js'),
      initialCss: sum('.css'),
    };
  });
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
  const catalogues = Object.entries(measureCatalogues(process.argv[2] ?? 'dist'));
  for (const route of measureRoutes(process.argv[2] ?? 'dist')) {
    console.log(
      `route ${route.path}: initial JS ${kib(route.initialJs)} KiB gzip (target ${BUDGET.initialJsTargetKib}, hard limit ${BUDGET.initialJsHardKib}), CSS ${kib(route.initialCss)} KiB; route chunks ${route.routeChunks.join(', ')}`,
    );
    // Each language's words come before the first render: the route's figure with each.
    for (const [language, words] of catalogues.length > 0 ? catalogues : [['-', 0]]) {
      const withWords = route.initialJs + words;
      if (words > 0) console.log(`  with the ${language} words: ${kib(withWords)} KiB (catalogue ${kib(words)} KiB)`);
      if (withWords > BUDGET.initialJsHardKib * KIB)
        failures.push(`route ${route.path} initial JS (${language}) ${kib(withWords)} KiB > ${BUDGET.initialJsHardKib} KiB`);
      else if (withWords > BUDGET.initialJsTargetKib * KIB)
        console.log(`note: route ${route.path} initial JS (${language}) is over the ${BUDGET.initialJsTargetKib} KiB target`);
    }
    if (route.initialCss > BUDGET.initialCssKib * KIB)
      failures.push(`route ${route.path} initial CSS ${kib(route.initialCss)} KiB > ${BUDGET.initialCssKib} KiB`);
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
