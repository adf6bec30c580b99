/**
 * Whether a photo export should ask the worker pool for a helper (workers/gradeSplit.ts splits a
 * CPU-graded frame with the pool's idle worker): only where the export grades on the CPU. The
 * worker chooses the path per program variant (workers/filterPath.ts: the look alone, with the
 * adjustments, with sharpen); this thread learns each variant's path from the exports that come
 * back, so a device whose exports grade on WebGL never asks and never starts a second worker for
 * it. The first CPU-graded export of a variant grades alone and starts the spare for the next.
 */
import type { ExportedPhoto, PhotoEdits } from '../../workers/photoPipeline';

type Variant = 'look' | 'adjust' | 'sharpen';

/** The program variant that grades `edits` (shaders/filter/variants.ts), null when none does. */
export function exportVariant(edits: PhotoEdits): Variant | null {
  const values = Object.values(edits.adjustments ?? {}).map(Number);
  const adjusted = values.some((value) => Number.isFinite(value) && value !== 0);
  if (adjusted) return Number(edits.adjustments?.sharpen ?? 0) > 0 ? 'sharpen' : 'adjust';
  const look = edits.filterName !== 'normal' && edits.strength > 0;
  return look ? 'look' : null;
}

export class GradeHelp {
  private readonly paths = new Map<Variant, 'webgl' | 'cpu'>();

  constructor(private readonly cores: () => number) {}

  /** True when this export grades on the CPU's WebAssembly path, as far as this thread knows. */
  wants(edits: PhotoEdits): boolean {
    // A second worker can only help where there is a second core to run it.
    if (this.cores() <= 1) return false;
    const variant = exportVariant(edits);
    if (!variant || edits.cpuEngine === 'js') return false;
    const renderer = edits.renderer ?? 'auto';
    if (renderer !== 'auto') return renderer === 'cpu';
    return this.paths.get(variant) === 'cpu';
  }

  /**
   * Learns the path from an export that came back; true when it graded on the CPU without a
   * helper asked for, so the caller should start the pool's spare worker for the next one.
   */
  learn(edits: PhotoEdits, exported: Pick<ExportedPhoto, 'renderer'>, asked: boolean): boolean {
    const variant = exportVariant(edits);
    const { renderer } = exported;
    if (!variant || (renderer !== 'cpu' && renderer !== 'webgl')) return false;
    if ((edits.renderer ?? 'auto') === 'auto') this.paths.set(variant, renderer);
    return renderer === 'cpu' && !asked && this.wants(edits);
  }
}
