import { describe, expect, it, vi } from 'vitest';
import type { Renderer, Texture } from 'pixi.js';
import { IdleGpuWork } from '../../../src/canvas/story/gpuWork';

const picture = (height: number) =>
  ({ destroyed: false, source: { height, mipLevelCount: 1 } }) as unknown as Texture;

describe('the story viewer’s idle GPU work', () => {
  it('says which pictures still wait for their upload, one upload per idle frame', () => {
    const work = new IdleGpuWork();
    const renderer = { texture: { initSource: vi.fn() } } as unknown as Renderer;
    const [a, b] = [picture(960), picture(960)];
    work.add(a);
    work.add(b);
    expect(work.waiting(a)).toBe(true);
    expect(work.waiting(b)).toBe(true);
    // Drawn at its full size at rest and while moving: no mip levels to add afterwards.
    // It says it uploaded: a preview waiting for the picture can now be drawn.
    expect(work.step(renderer, 960, 960)).toBe(true);
    expect(renderer.texture.initSource).toHaveBeenCalledWith(a.source);
    expect(work.waiting(a)).toBe(false);
    expect(work.waiting(b)).toBe(true);
    work.step(renderer, 960, 960);
    expect(work.waiting(b)).toBe(false);
    expect(work.pending).toBe(false);
    expect(work.step(renderer, 960, 960)).toBe(false);
  });
});
