import type { Texture } from 'pixi.js';
import type { IdleGpuWork } from './gpuWork';
import type { PlaceholderTextures } from './placeholder';
import type { TextureCache } from './textureCache';
import type { ViewerItem } from './types';

/** What the viewer draws for an item: its decoded picture, its placeholder, or nothing. */
export class ShownPictures {
  constructor(
    private readonly textures: TextureCache<Texture>,
    private readonly placeholders: PlaceholderTextures,
    private readonly gpuWork: IdleGpuWork,
  ) {}

  /** The picture of `item`: decoded, else its placeholder, else null (the dark gradient). */
  pictureOf(item: ViewerItem | null): { texture: Texture | null; real: boolean } {
    if (!item) return { texture: null, real: false };
    const texture = this.textures.get(item.id);
    if (texture) return { texture, real: true };
    return { texture: this.placeholders.get(item.id, item.placeholder), real: false };
  }

  /**
   * A large screen's preview of a neighbouring reel (its start item): only once its picture is on
   * the GPU. The tray's prefetch often has the neighbours' pictures decoded when a reel opens;
   * drawn at once, their uploads landed in the frame of the tapped story's first picture (two more
   * 540×960 uploads on a desktop's cold tap). Their placeholders show until their idle uploads are
   * done (the loop takes a frame after each upload, ./loop).
   */
  previewOf(item: ViewerItem | null): Texture | null {
    if (!item) return null;
    const texture = this.textures.get(item.id);
    if (texture && !this.gpuWork.waiting(texture)) return texture;
    return this.placeholders.get(item.id, item.placeholder);
  }
}
