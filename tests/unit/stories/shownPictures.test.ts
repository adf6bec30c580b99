import { describe, expect, it, vi } from 'vitest';
import type { Renderer, Texture } from 'pixi.js';
import { IdleGpuWork } from '../../../src/canvas/story/gpuWork';
import { ShownPictures } from '../../../src/canvas/story/shownPictures';
import type { PlaceholderTextures } from '../../../src/canvas/story/placeholder';
import type { TextureCache } from '../../../src/canvas/story/textureCache';
import type { ViewerItem } from '../../../src/canvas/story/types';

const picture = {
  destroyed: false,
  source: { height: 960, mipLevelCount: 1 },
} as unknown as Texture;
const blur = {} as Texture;

describe('what the story viewer draws for an item', () => {
  it('shows a preview’s placeholder until its picture is uploaded, the story’s own picture at once', () => {
    const work = new IdleGpuWork();
    const decoded = new Map<string, Texture>([['a', picture]]);
    const pictures = new ShownPictures(
      { get: (id: string) => decoded.get(id) } as unknown as TextureCache<Texture>,
      { get: () => blur } as unknown as PlaceholderTextures,
      work,
    );
    const item = { id: 'a', placeholder: null } as unknown as ViewerItem;
    work.add(picture);
    expect(pictures.pictureOf(item)).toEqual({ texture: picture, real: true });
    expect(pictures.previewOf(item)).toBe(blur);
    work.step({ texture: { initSource: vi.fn() } } as unknown as Renderer, 960, 960);
    expect(pictures.previewOf(item)).toBe(picture);
    expect(pictures.previewOf(null)).toBeNull();
  });
});
