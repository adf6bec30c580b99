// A picture covering a rectangle but drawn only inside a clip rectangle, by its texture
// coordinates: the sprite's texture is a frame of the picture's source (the visible part), so no
// stencil mask is drawn. Masks cost a software rasteriser (SwiftShader) two extra passes per
// picture per frame while a finger drags between reels (issue 18).
import { Rectangle, Sprite, Texture } from 'pixi.js';
import { coverFit, type FrameRect } from './layout';

/** The part of `picture` (a `width`×`height` image covering `cover`) that falls inside `clip`. */
export function cropOf(
  cover: FrameRect,
  clip: FrameRect,
  width: number,
  height: number,
): { source: FrameRect; screen: FrameRect; scale: number } | null {
  const fit = coverFit(cover, width, height);
  const left = Math.max(clip.x, fit.x);
  const top = Math.max(clip.y, fit.y);
  const right = Math.min(clip.x + clip.width, fit.x + width * fit.scale);
  const bottom = Math.min(clip.y + clip.height, fit.y + height * fit.scale);
  if (right - left < 0.01 || bottom - top < 0.01) return null;
  return {
    scale: fit.scale,
    screen: { x: left, y: top, width: right - left, height: bottom - top },
    source: {
      x: (left - fit.x) / fit.scale,
      y: (top - fit.y) / fit.scale,
      width: (right - left) / fit.scale,
      height: (bottom - top) / fit.scale,
    },
  };
}

export class CroppedPicture {
  readonly sprite = new Sprite();
  /** A frame of the shown picture's source; replaced when the source changes. */
  private crop: Texture | null = null;
  private key = '';

  /**
   * Shows `texture` covering `cover`, cut to `clip` (hidden without a texture or when nothing
   * is inside). Returns whether what is drawn changed.
   */
  show(texture: Texture | null, cover: FrameRect, clip: FrameRect): boolean {
    const part = texture ? cropOf(cover, clip, texture.width, texture.height) : null;
    if (!texture || !part) {
      const changed = this.sprite.visible;
      this.sprite.visible = false;
      return changed;
    }
    const { source, screen, scale } = part;
    const frame = texture.frame;
    if (!this.crop || this.crop.source !== texture.source || this.crop.source.destroyed) {
      this.crop?.destroy(false);
      this.crop = new Texture({ source: texture.source, frame: new Rectangle(), dynamic: true });
      this.sprite.texture = this.crop;
    }
    const key = `${this.crop.uid}/${source.x}/${source.y}/${source.width}/${source.height}/${screen.x}/${screen.y}/${scale}`;
    const changed = key !== this.key || !this.sprite.visible;
    this.key = key;
    this.sprite.visible = true;
    if (!changed) return false;
    this.crop.frame.x = frame.x + source.x;
    this.crop.frame.y = frame.y + source.y;
    this.crop.frame.width = source.width;
    this.crop.frame.height = source.height;
    this.crop.update();
    this.sprite.position.set(screen.x, screen.y);
    this.sprite.scale.set(scale);
    return true;
  }

  destroy(): void {
    this.sprite.texture = Texture.EMPTY;
    this.crop?.destroy(false);
    this.crop = null;
  }
}
