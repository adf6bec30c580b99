/**
 * The photo filter as a PixiJS v8 Filter: shaders/filter's GLSL (the same source the worker's
 * WebGL2 export runs) with one uniform group, `lookUniforms`. Used for one-off renders (the
 * thumbnails); the live preview draws the same shader as a single quad (LookQuad), because a
 * Filter re-renders its target into a pooled texture before every pass.
 */
import { Filter, GlProgram, UniformGroup } from 'pixi.js';
import {
  filterFragments,
  filterVariant,
  filterVertex,
  namedFilterUniforms,
  type Adjustments,
  type FilterName,
  type FilterUniforms,
  type FilterVariant,
} from '../../shaders/filter';

export interface LookFilterOptions {
  filterName?: FilterName;
  /** 0..1; 0 shows the original. */
  strength?: number;
}

const UNIFORM_TYPES = {
  uTone: 'vec4<f32>',
  uShift: 'vec3<f32>',
  uGamma: 'vec3<f32>',
  uLift: 'vec3<f32>',
  uGain: 'vec3<f32>',
  uShadowTint: 'vec3<f32>',
  uHighlightTint: 'vec3<f32>',
  uFinish: 'vec2<f32>',
  uAdjTone: 'vec4<f32>',
  uAdjLight: 'vec4<f32>',
  uAdjFinish: 'vec3<f32>',
} as const satisfies Record<keyof FilterUniforms, string>;

type UniformKey = keyof FilterUniforms;

function uniformStructure(values: FilterUniforms) {
  const entries = (Object.keys(UNIFORM_TYPES) as UniformKey[]).map((key) => [
    key,
    { value: new Float32Array(values[key]), type: UNIFORM_TYPES[key] },
  ]);
  return Object.fromEntries(entries) as Record<
    UniformKey,
    { value: Float32Array; type: (typeof UNIFORM_TYPES)[UniformKey] }
  >;
}

/** The shader's look uniforms (bound as `lookUniforms`) for a filter at a strength. */
export function createLookUniforms(filterName: FilterName, strength: number): UniformGroup {
  return new UniformGroup(uniformStructure(namedFilterUniforms(filterName, strength)));
}

/**
 * Rewrites the values in place: Pixi uploads them on the next draw, nothing is rebuilt. Returns
 * the program variant the values need (variants.ts).
 */
export function setLookUniforms(
  group: UniformGroup,
  filterName: FilterName,
  strength: number,
  adjustments?: Partial<Adjustments> | null,
): FilterVariant {
  const values = namedFilterUniforms(filterName, strength, adjustments);
  const uniforms = group.uniforms as Record<UniformKey, Float32Array>;
  for (const key of Object.keys(UNIFORM_TYPES) as UniformKey[]) uniforms[key].set(values[key]);
  group.update();
  return filterVariant(values);
}

/** Pixi's program for a variant of filter.frag with `vertex` (GlProgram.from caches by source). */
export function lookProgram(vertex: string, variant: FilterVariant, name: string): GlProgram {
  return GlProgram.from({ vertex, fragment: filterFragments[variant], name: `${name}-${variant}` });
}

export class LookFilter extends Filter {
  static readonly defaultLookOptions: Required<LookFilterOptions> = {
    filterName: 'normal',
    strength: 1,
  };

  private readonly lookUniforms: UniformGroup;
  private current: Required<LookFilterOptions>;

  constructor(options: LookFilterOptions = {}) {
    const current = { ...LookFilter.defaultLookOptions, ...options };
    const lookUniforms = createLookUniforms(current.filterName, current.strength);
    super({
      glProgram: lookProgram(filterVertex, 'look', 'glint-look-filter'),
      resources: { lookUniforms },
    });
    this.lookUniforms = lookUniforms;
    this.current = current;
  }

  get filterName(): FilterName {
    return this.current.filterName;
  }

  get strength(): number {
    return this.current.strength;
  }

  /** Switches look and strength; takes effect on the next render. */
  setLook(filterName: FilterName, strength: number): void {
    this.current = { filterName, strength };
    // Thumbnails show the looks alone: the look variant always fits.
    setLookUniforms(this.lookUniforms, filterName, strength);
  }
}
