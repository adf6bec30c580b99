// Placeholder textures (issue 18): an item's tiny RGB pixels from the payload, uploaded at once
// (no image decode) and stretched smooth over the frame until the picture itself is ready.
import { BufferImageSource, Texture } from 'pixi.js';
import type { ViewerPlaceholder } from './types';

/** The placeholder's RGBA bytes (null when the payload is malformed). */
export function placeholderPixels(placeholder: ViewerPlaceholder): Uint8Array | null {
  const { width, height, rgb } = placeholder;
  let raw: string;
  try {
    raw = atob(rgb);
  } catch {
    return null;
  }
  if (width <= 0 || height <= 0 || raw.length !== width * height * 3) return null;
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0, j = 0; i < raw.length; i += 3, j += 4) {
    rgba[j] = raw.charCodeAt(i);
    rgba[j + 1] = raw.charCodeAt(i + 1);
    rgba[j + 2] = raw.charCodeAt(i + 2);
    rgba[j + 3] = 255;
  }
  return rgba;
}

/** Placeholder textures by item id, kept for the items the viewer keeps pictures for. */
export class PlaceholderTextures {
  private readonly textures = new Map<string, Texture>();

  /** The item's placeholder texture, made on first use (null when it has none). */
  get(id: string, placeholder: ViewerPlaceholder | null | undefined): Texture | null {
    const known = this.textures.get(id);
    if (known) return known;
    if (!placeholder) return null;
    const pixels = placeholderPixels(placeholder);
    if (!pixels) return null;
    const source = new BufferImageSource({
      resource: pixels,
      width: placeholder.width,
      height: placeholder.height,
      format: 'rgba8unorm',
      // Linear filtering stretches 9×16 pixels into a smooth blur rather than blocks.
      scaleMode: 'linear',
      alphaMode: 'no-premultiply-alpha',
    });
    const texture = new Texture({ source });
    this.textures.set(id, texture);
    return texture;
  }

  /** Destroys the placeholders of items not in `ids`. */
  retain(ids: ReadonlySet<string>): void {
    for (const [id, texture] of this.textures) {
      if (ids.has(id)) continue;
      texture.destroy(true);
      this.textures.delete(id);
    }
  }

  get size(): number {
    return this.textures.size;
  }

  destroy(): void {
    this.retain(new Set());
  }
}
