import path from 'node:path';

import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

/*
 * The entry (src/main.tsx) evaluates the app in stages, each a dynamic import, so that no single
 * task evaluates the whole module graph (QUALITY P2). The stages are the entry's dynamic imports, in
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

/**
 * Vite names only an entry's static imports in index.html; this names the stages' chunks too
 * (module preloads) and their stylesheets, so the browser fetches everything at once as before, and
 * the stylesheets of what the stages render are applied with the shell's own, not when the stage is
 * reached (a drawn first paint would restyle).
 */
export function preloadBootStages(entryModule: string): Plugin {
  const entryId = path.resolve(entryModule);
  return {
    name: 'preload-boot-stages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
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
          for (const css of (chunk as Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ??
            [])
            styles.add(css);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const stage of entry.dynamicImports) visit(stage);
        const named = (file: string) => html.includes(`/${file}"`);
        const link = (rel: string) => (file: string) => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        });
        const tags: HtmlTagDescriptor[] = [
          ...[...styles].filter((file) => !named(file)).map(link('stylesheet')),
          ...[...scripts].filter((file) => !named(file)).map(link('modulepreload')),
        ];
        return { html, tags };
      },
    },
  };
}
