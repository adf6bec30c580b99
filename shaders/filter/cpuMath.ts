/** GLSL's built-ins and the luma weights, as the CPU twin (cpu.ts) and the tests' reference use them. */
export const LR = 0.2126;
export const LG = 0.7152;
export const LB = 0.0722;

export const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
}
