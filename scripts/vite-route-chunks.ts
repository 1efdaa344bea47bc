import path from 'node:path';

/*
 * Chunk names for `build.rolldownOptions.output.codeSplitting.groups` besides the boot stages'
 * (scripts/vite-boot-stages.ts): docs/decisions/0125-menu-route-code-in-one-chunk.md.
 */

type ModuleInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] };
type ChunkContext = { getModuleInfo(id: string): ModuleInfo | null };
type ChunkName = (moduleId: string, context: ChunkContext) => string | null;

/** Every module `roots` import statically, directly or through others (the roots included). */
function staticClosure(roots: readonly string[], context: ChunkContext): Set<string> {
  const found = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    queue.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/** The chunks the router loads for a file route: its module's dynamic imports (autoCodeSplitting's `?tsr-split=…` pieces). */
function splitPieces(routeFile: string, context: ChunkContext): string[] {
  return [...(context.getModuleInfo(path.resolve(routeFile))?.dynamicallyImportedIds ?? [])];
}

/**
 * One chunk, `chunkName`, for the code the routes in `routeFiles` import statically beyond their own
 * split pieces, except what a route in `besides` imports too (that stays in Rolldown's own chunks, so
 * those routes do not load this one). Rolldown would cut that code into a chunk per set of importers
 * (on /menu, eleven files of 0.3-4 KiB, each with its own import and export lists); one file of the
 * same modules compresses better and needs one request. Other lazy screens that use one of these
 * modules import this chunk too (a lazy load, mostly after the menu has loaded it). Give this group
 * a lower priority than the boot stages': what the stages hold stays in their chunks.
 */
export function routeChunkName(chunkName: string, routeFiles: readonly string[], besides: readonly string[] = []): ChunkName {
  let members: Set<string> | null = null;
  return (moduleId, context) => {
    if (!members) {
      const pieces = routeFiles.flatMap((file) => splitPieces(file, context));
      const others = staticClosure(
        besides.flatMap((file) => splitPieces(file, context)),
        context,
      );
      // The split pieces themselves stay the router's entry points (and the build manifest's keys).
      members = new Set([...staticClosure(pieces, context)].filter((id) => !others.has(id) && !pieces.includes(id)));
    }
    return members.has(moduleId) ? chunkName : null;
  };
}

/**
 * TanStack Query's paging queries and mutations. Only lazy screens use them (order history and the
 * change log page; forms send writes), but the data boot stage imports the package's index, which
 * re-exports them, and a stage claims every module its imports reach: without this they sat in the
 * first-load JavaScript.
 */
export const LAZY_QUERY_MODULES =
  /[\\/]node_modules[\\/]@tanstack[\\/](?:query-core|react-query)[\\/].*[\\/](?:infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions|mutationObserver|useMutation)\.js$/;

/** `name` except for the modules `excluded` matches, which go to Rolldown's own chunking. */
export function exceptModules(name: ChunkName, excluded: RegExp): ChunkName {
  return (moduleId, context) => (excluded.test(moduleId) ? null : name(moduleId, context));
}
