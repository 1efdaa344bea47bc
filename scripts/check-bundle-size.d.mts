export const BUDGET: { initialJsTargetKib: number; initialJsHardKib: number; initialCssKib: number; lazyChunkKib: number };
export interface MeasuredFile {
  file: string;
  gzipBytes: number;
}
export function measureBundle(distDir?: string): { initial: MeasuredFile[]; initialJs: number; initialCss: number; lazy: MeasuredFile[] };
