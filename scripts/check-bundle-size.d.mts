export const BUDGET: { initialJsTargetKib: number; initialJsHardKib: number; initialCssKib: number; lazyChunkKib: number };
/** The map library: the one lazy chunk allowed past the per-chunk limit. */
export const LAZY_EXEMPT: RegExp;
export interface MeasuredFile {
  file: string;
  gzipBytes: number;
}
export function measureBundle(distDir?: string): { initial: MeasuredFile[]; initialJs: number; initialCss: number; lazy: MeasuredFile[] };
export const BUDGET_ROUTES: { path: string; routeFile: string }[];
export interface RouteBudget {
  path: string;
  routeChunks: string[];
  files: MeasuredFile[];
  initialJs: number;
  initialCss: number;
}
export function measureRoutes(distDir?: string, routes?: { path: string; routeFile: string }[]): RouteBudget[];
/** Gzip bytes of the app's part of each language's catalogue, by language. */
export function measureCatalogues(distDir?: string): Record<string, number>;
