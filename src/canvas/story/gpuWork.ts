import type { Renderer, Texture } from 'pixi.js';
import { addMipmaps, hasMipmaps, wantsIdleMipmaps } from './pictures';

/**
 * The viewer's work for frames that draw nothing: decoded pictures put on the GPU one per frame
 * (so showing one later is only a draw), then mip levels for those a swipe's half-density buffer
 * would draw at less than half their size (so they do not shimmer as they slide).
 */
export class IdleGpuWork {
  /** Textures decoded but not yet on the GPU. */
  private readonly uploads: Texture[] = [];
  /** Uploaded pictures waiting for their mip levels. */
  private readonly unmipped: Texture[] = [];

  /** A decoded picture to upload on an idle frame. */
  add(texture: Texture): void {
    this.uploads.push(texture);
  }

  /** Whether `texture` still waits for its upload (drawing it now would upload it in-frame). */
  waiting(texture: Texture): boolean {
    return this.uploads.includes(texture);
  }

  get pending(): boolean {
    return this.uploads.length > 0 || this.unmipped.length > 0;
  }

  /**
   * One piece of work. `restHeight` and `swipedHeight`: the story's height in device pixels at
   * rest and while a finger moves it. Returns whether a picture was uploaded: one the viewer was
   * waiting for (a preview, ../StoryViewer previewOf) can be drawn now, so it needs a frame.
   */
  step(renderer: Renderer, restHeight: number, swipedHeight: number): boolean {
    const upload = this.uploads.shift();
    if (upload) {
      if (upload.destroyed) return false;
      renderer.texture.initSource(upload.source);
      if (!hasMipmaps(upload) && wantsIdleMipmaps(upload.source, restHeight, swipedHeight)) {
        this.unmipped.push(upload);
      }
      return true;
    }
    const texture = this.unmipped.shift();
    if (texture && !texture.destroyed) addMipmaps(renderer, texture);
    return false;
  }
}
