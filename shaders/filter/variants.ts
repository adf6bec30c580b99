/**
 * filter.frag is compiled in three variants: the look alone, the look with the adjustments, and
 * those with sharpen (four more texture reads). Under a software renderer (SwiftShader) a branch
 * on a uniform still costs most of what it skips, so a photo without adjustments runs the plain
 * look's program, exactly as before the Edit tab existed.
 */
import type { FilterUniforms } from './uniforms';

export type FilterVariant = 'look' | 'adjust' | 'sharpen';
export const FILTER_VARIANTS: readonly FilterVariant[] = ['look', 'adjust', 'sharpen'];

export function filterVariant(uniforms: FilterUniforms): FilterVariant {
  if (uniforms.uAdjFinish[2] === 0) return 'look';
  return uniforms.uAdjFinish[1] > 0 ? 'sharpen' : 'adjust';
}

const DEFINES: Record<FilterVariant, string> = {
  look: '',
  adjust: '#define GLINT_ADJUST\n',
  sharpen: '#define GLINT_ADJUST\n#define GLINT_SHARPEN\n',
};

/** The fragment source with the variant's defines after its `#version` line. */
export function fragmentVariant(source: string, variant: FilterVariant): string {
  const end = source.indexOf('\n') + 1;
  return source.slice(0, end) + DEFINES[variant] + source.slice(end);
}
