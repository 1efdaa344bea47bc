import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Rolldown } from 'vite';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

import { bootStageChunkName, COMPILE_HINT_ALL_FUNCTIONS, preloadBootStages } from './vite-boot-stages';

const dir = mkdtempSync(path.join(process.cwd(), 'node_modules', '.boot-stages-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An entry importing two stages one after another (its dynamic imports); the second reuses the first's module and the entry's. */
const FILES: Record<string, string> = {
  'index.html':
    '<!doctype html><html><head></head><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
  'main.js': `import { early } from './early.js';\nimport './main.css';\nasync function boot() { await import('./stage-a.js'); await import('./stage-b.js'); }\nvoid boot(early);\n`,
  'main.css': '.main { color: red; }',
  'early.js': `globalThis.order = ['early'];\nexport const early = 'early';\n`,
  'lib-a.js': `globalThis.order.push('lib-a');\nexport const a = 1;\n`,
  'stage-a.js': `import './lib-a.js';\nimport './stage-a.css';\n`,
  'stage-a.css': '.stage-a { color: blue; }',
  'lib-b.js': `import { a } from './lib-a.js';\nglobalThis.order.push('lib-b');\nexport const b = a + 1;\n`,
  'stage-b.js': `import { b } from './lib-b.js';\nimport { early } from './early.js';\nexport const result = [b, early];\nexport const later = () => import('./lazy.js');\n`,
  'lazy.js': `export const lazy = 'loaded when asked for';\n`,
};

async function bundle() {
  for (const [name, text] of Object.entries(FILES)) writeFileSync(path.join(dir, name), text);
  const entry = path.relative(process.cwd(), path.join(dir, 'main.js'));
  const output = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [preloadBootStages(entry)],
    build: {
      write: false,
      minify: false,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: { groups: [{ name: bootStageChunkName(entry), includeDependenciesRecursively: false }] },
        },
      },
    },
  })) as Rolldown.RolldownOutput;
  const html = output.output.find((file) => file.fileName === 'index.html');
  const chunks = output.output.filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const holding = (name: string) => {
    const chunk = chunks.find((candidate) => candidate.moduleIds.includes(path.join(dir, name)));
    if (!chunk) throw new Error(`no chunk holds ${name}`);
    return chunk;
  };
  return { html: html?.type === 'asset' ? String(html.source) : '', holding };
}

describe('boot stages in the build', () => {
  it('puts each stage with its own new modules in a chunk of its own, and names every stage chunk and stylesheet in index.html', async () => {
    const { html, holding } = await bundle();
    const [entry, early, stageA, libA, stageB, libB] = ['main.js', 'early.js', 'stage-a.js', 'lib-a.js', 'stage-b.js', 'lib-b.js'].map(
      holding,
    );

    // The entry's own imports share a chunk apart from the entry; each stage's modules share one.
    expect(early!.fileName).not.toBe(entry!.fileName);
    expect(libA!.fileName).toBe(stageA!.fileName);
    expect(libB!.fileName).toBe(stageB!.fileName);
    expect(stageB!.fileName).not.toBe(stageA!.fileName);
    // A module used by a later stage stays in the earlier one's chunk (evaluated once, in its stage).
    expect(stageB!.code).not.toContain("order.push('lib-a')");
    // An earlier stage never imports a later one's chunk (that would evaluate it early).
    expect(stageA!.imports).not.toContain(stageB!.fileName);
    expect(holding('early.js').code).not.toMatch(/stage-[ab]/);

    // The stages' chunks wait for a drawn page's first paint; the entry's own import cannot.
    for (const chunk of [stageA!, stageB!])
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${chunk.fileName}" data-after-paint>`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${early!.fileName}">`);
    const stageCss = [...(stageA as Rolldown.OutputChunk & { viteMetadata: { importedCss: Set<string> } }).viteMetadata.importedCss];
    expect(stageCss).toHaveLength(1);
    expect(html).toContain(`<link rel="stylesheet" crossorigin href="/${stageCss[0]}">`);
  }, 60_000);

  it('starts the entry and every stage chunk with the compile hint, and no lazy chunk', async () => {
    const { holding } = await bundle();
    for (const name of ['main.js', 'early.js', 'stage-a.js', 'stage-b.js'])
      expect(holding(name).code.startsWith(COMPILE_HINT_ALL_FUNCTIONS)).toBe(true);
    expect(holding('lazy.js').code).not.toContain('allFunctionsCalledOnLoad');
  }, 60_000);

  it('refuses a build whose entry chunk it cannot find', () => {
    const plugin = preloadBootStages('src/not-the-entry.ts');
    const hook = plugin.transformIndexHtml as { handler: (html: string, context: { bundle: Record<string, unknown> }) => unknown };
    expect(() => hook.handler('<html></html>', { bundle: {} })).toThrow(/no entry chunk for src\/not-the-entry\.ts/);
  });
});
