import path from 'node:path';

import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type ChunkName = (moduleId: string, context: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }) => string | null;

/**
 * Chunk names for `build.rolldownOptions.output.codeSplitting.groups`: every module the entry or a
 * stage imports statically goes into the chunk of the first of them that reaches it (`boot` for the
 * entry's own, then each stage's file name). So evaluating a stage's chunks evaluates only that
 * stage's new modules, and the initial code stays in a few chunks (compressed better than the many
 * shared ones Rolldown would cut at each stage's border). Modules only lazy chunks import: null,
 * Rolldown's own chunking.
 */
export function bootStageChunkName(entryModule: string, stageModules: readonly string[]): ChunkName {
  let stageOf: Map<string, string> | null = null;
  return (moduleId, context) => {
    if (!stageOf) {
      const found = new Map<string, string>();
      for (const [index, file] of [entryModule, ...stageModules].entries()) {
        const name = index === 0 ? 'boot' : path.basename(file).replace(/\.[^.]+$/, '');
        const queue = [path.resolve(file)];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (found.has(id)) continue;
          found.set(id, name);
          queue.push(...(context.getModuleInfo(id)?.importedIds ?? []));
        }
      }
      stageOf = found;
    }
    // The entry module itself stays in the entry chunk (Vite's, named in index.html).
    return moduleId === path.resolve(entryModule) ? null : (stageOf.get(moduleId) ?? null);
  };
}

/**
 * The entry (src/main.tsx) evaluates the app in stages, each a dynamic import, so that no single
 * task evaluates the whole module graph (QUALITY P2). Vite names only an entry's static imports in
 * index.html; this names the stages' chunks too (module preloads) and their stylesheets, so the
 * browser fetches everything at once as before, and the stylesheets of what the stages render are
 * applied with the shell's own, not when the stage is reached (a drawn first paint would restyle).
 * `stageModules` are the stages' source paths, relative to the project root.
 */
export function preloadBootStages(stageModules: readonly string[]): Plugin {
  return {
    name: 'preload-boot-stages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
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
        // The chunk holding each stage's module (Rolldown may make it a facade of the stage's group
        // chunk, or put the module in that chunk itself).
        const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
        const stages = stageModules.map((stage) => {
          const id = path.resolve(stage);
          const chunk =
            chunks.find((candidate) => candidate.facadeModuleId === id) ?? chunks.find((candidate) => candidate.moduleIds.includes(id));
          if (!chunk) throw new Error(`preload-boot-stages: no chunk holds ${stage}`);
          return chunk;
        });
        for (const stage of stages) visit(stage.fileName);
        const named = (file: string) => html.includes(`/${file}"`);
        const tags: HtmlTagDescriptor[] = [
          ...[...styles]
            .filter((file) => !named(file))
            .map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          ...[...scripts]
            .filter((file) => !named(file))
            .map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
        ];
        return { html, tags };
      },
    },
  };
}
