/**
 * The photo filter family: GLSL sources, looks and uniforms. The CPU twin is imported from
 * './cpu' directly by the media worker and its main-thread fallback only, so the app's create
 * pages never ship it.
 */
import filterFragment from './filter.frag?raw';
import { FILTER_VARIANTS, fragmentVariant, type FilterVariant } from './variants';

export { filterFragment };
export { default as filterVertex } from './filter.vert?raw';
export * from './variants';

/** The fragment source of each program variant (variants.ts). */
export const filterFragments = Object.fromEntries(
  FILTER_VARIANTS.map((variant) => [variant, fragmentVariant(filterFragment, variant)]),
) as Record<FilterVariant, string>;
export * from './looks';
export * from './adjustments';
export * from './uniforms';
