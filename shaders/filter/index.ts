/** The photo filter family: GLSL sources, looks, uniforms and the CPU twin. */
export { default as filterFragment } from './filter.frag?raw';
export { default as filterVertex } from './filter.vert?raw';
export * from './looks';
export * from './adjustments';
export * from './uniforms';
export * from './cpu';
