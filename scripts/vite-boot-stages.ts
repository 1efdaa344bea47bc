import path from 'node:path';

import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

import { AFTER_PAINT_ATTRIBUTE } from '../src/shared/after-paint-links.ts';

/*
 * The entry (src/main.tsx) evaluates the app in stages, each a dynamic import, so that no single
 * task evaluates the whole module graph (blocking time on a slow phone). The stages are the entry's dynamic imports, in
 * the order it makes them: the entry is the one list of them.
 */

type ModuleInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] };
type ChunkName = (moduleId: string, context: { getModuleInfo(id: string): ModuleInfo | null }) => string | null;

/**
 * Chunk names for `build.rolldownOptions.output.codeSplitting.groups`: every module the entry or a
 * stage imports statically goes into the chunk of the first of them that reaches it (`boot` for the
 * entry's own, then each stage's file name). So evaluating a stage's chunks evaluates only that
 * stage's new modules, and the initial code stays in a few chunks (compressed better than the many
 * shared ones Rolldown would cut at each stage's border). Modules only lazy chunks import: null,
 * Rolldown's own chunking.
 */
export function bootStageChunkName(entryModule: string): ChunkName {
  const entryId = path.resolve(entryModule);
  let stageOf: Map<string, string> | null = null;
  return (moduleId, context) => {
    if (!stageOf) {
      const found = new Map<string, string>();
      const stages = context.getModuleInfo(entryId)?.dynamicallyImportedIds ?? [];
      for (const [index, stageId] of [entryId, ...stages].entries()) {
        const name = index === 0 ? 'boot' : path.basename(stageId).replace(/\.[^.]+$/, '');
        const queue = [stageId];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (found.has(id)) continue;
          found.set(id, name);
          queue.push(...(context.getModuleInfo(id)?.importedIds ?? []));
        }
      }
      stageOf = found;
    }
    // The entry module itself stays in the entry chunk (Vite's, named in index.html).
    return moduleId === entryId ? null : (stageOf.get(moduleId) ?? null);
  };
}

type Bundle = Rolldown.OutputBundle;

/** The chunk holding the entry module, and every chunk the entry or a stage loads before the app starts. */
function bootChunks(
  bundle: Bundle,
  entryId: string,
  entryModule: string,
): { entry: Rolldown.OutputChunk; scripts: Set<string>; styles: Set<string> } {
  // The chunk holding the entry module (Vite's entry chunk is a facade of index.html).
  const entry = Object.values(bundle).find(
    (file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.moduleIds.includes(entryId),
  );
  if (!entry) throw new Error(`preload-boot-stages: no entry chunk for ${entryModule}`);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
    scripts.add(fileName);
    for (const css of (chunk as Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])
      styles.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const stage of entry.dynamicImports) visit(stage);
  return { entry, scripts, styles };
}

/**
 * V8's explicit compile hint (Chrome 136+): a script starting with this comment has all its
 * functions compiled eagerly, on a background thread while it streams in, instead of each on the
 * main thread when first called. Almost every function of the boot chunks runs while the app
 * starts, so their compilation leaves the first screen's tasks. Other browsers read a
 * comment.
 */
export const COMPILE_HINT_ALL_FUNCTIONS = '//# allFunctionsCalledOnLoad\n';

/**
 * Vite names only an entry's static imports in index.html; this names the stages' chunks too
 * (module preloads) and their stylesheets, so the browser fetches everything at once as before, and
 * the stylesheets of what the stages render are applied with the shell's own, not when the stage is
 * reached (a drawn first paint would restyle). The stages' preloads are marked to wait for a drawn
 * page's first paint (src/shared/after-paint-links.ts); the entry's own imports are not: the entry
 * needs them to run at all. The entry's and stages' chunks start with the
 * compile hint above.
 */
export function preloadBootStages(entryModule: string): Plugin {
  const entryId = path.resolve(entryModule);
  return {
    name: 'preload-boot-stages',
    apply: 'build',
    generateBundle: {
      // After minification (which would drop the comment); file names (hashes) are already fixed.
      order: 'post',
      handler(_options, bundle) {
        const { entry, scripts } = bootChunks(bundle, entryId, entryModule);
        for (const fileName of [entry.fileName, ...scripts]) {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT_ALL_FUNCTIONS)) continue;
          chunk.code = COMPILE_HINT_ALL_FUNCTIONS + chunk.code;
          // One line more at the top: a source map's generated lines move down by one.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
        }
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const { scripts, styles } = bootChunks(bundle, entryId, entryModule);
        const named = (file: string) => html.includes(`/${file}"`);
        const link =
          (rel: string, extra: Record<string, boolean> = {}) =>
          (file: string) => ({
            tag: 'link',
            attrs: { rel, crossorigin: true, href: `/${file}`, ...extra },
            injectTo: 'head' as const,
          });
        const tags: HtmlTagDescriptor[] = [
          ...[...styles].filter((file) => !named(file)).map(link('stylesheet')),
          ...[...scripts].filter((file) => !named(file)).map(link('modulepreload', { [AFTER_PAINT_ATTRIBUTE]: true })),
        ];
        return { html, tags };
      },
    },
  };
}
