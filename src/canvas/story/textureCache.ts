// Textures for the reels around the current one. Everything outside the wanted set is destroyed
// (or its load aborted), so GPU memory stays flat however many reels are watched.
import type { TextureStats } from './types';

/** The part of a Pixi Texture the cache needs (tests pass plain objects). */
export interface CachedTexture {
  readonly width: number;
  readonly height: number;
  destroy(destroySource?: boolean): void;
}

export interface WantedTexture {
  key: string;
  url: string;
}

type Entry<T> =
  | { status: 'queued'; url: string }
  | { status: 'loading'; url: string; controller: AbortController }
  | { status: 'ready'; url: string; texture: T }
  | { status: 'error'; url: string };

export type TextureLoader<T> = (url: string, signal: AbortSignal) => Promise<T>;

/** Parallel loads; the rest wait in priority order. */
export const MAX_PARALLEL_LOADS = 3;

export class TextureCache<T extends CachedTexture> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Keys in priority order (the order of the last retain call). */
  private priority: string[] = [];
  private destroyed = false;

  constructor(
    private readonly load: TextureLoader<T>,
    /** Called when a texture becomes ready (the viewer draws it on the next frame). */
    private readonly onReady: (key: string) => void = () => {},
  ) {}

  /** Keeps exactly `wanted` (highest priority first): new ones load, the others are destroyed. */
  retain(wanted: readonly WantedTexture[]): void {
    if (this.destroyed) return;
    const keep = new Set(wanted.map((w) => w.key));
    for (const [key, entry] of this.entries) {
      if (!keep.has(key)) this.drop(key, entry);
    }
    for (const { key, url } of wanted) {
      const entry = this.entries.get(key);
      // A failed load is tried again when its item is wanted anew.
      if (!entry || (entry.status === 'error' && !this.priority.includes(key))) {
        this.entries.set(key, { status: 'queued', url });
      }
    }
    this.priority = wanted.map((w) => w.key);
    this.pump();
  }

  get(key: string): T | null {
    const entry = this.entries.get(key);
    return entry?.status === 'ready' ? entry.texture : null;
  }

  failed(key: string): boolean {
    return this.entries.get(key)?.status === 'error';
  }

  stats(): TextureStats {
    let liveTextures = 0;
    let textureBytes = 0;
    for (const entry of this.entries.values()) {
      if (entry.status !== 'ready') continue;
      liveTextures += 1;
      textureBytes += entry.texture.width * entry.texture.height * 4;
    }
    return { liveTextures, textureBytes };
  }

  destroy(): void {
    this.destroyed = true;
    for (const [key, entry] of this.entries) this.drop(key, entry);
    this.priority = [];
  }

  private drop(key: string, entry: Entry<T>): void {
    if (entry.status === 'loading') entry.controller.abort();
    if (entry.status === 'ready') entry.texture.destroy(true);
    this.entries.delete(key);
  }

  private pump(): void {
    let running = 0;
    for (const entry of this.entries.values()) if (entry.status === 'loading') running += 1;
    for (const key of this.priority) {
      if (running >= MAX_PARALLEL_LOADS) return;
      const entry = this.entries.get(key);
      if (entry?.status !== 'queued') continue;
      running += 1;
      this.start(key, entry.url);
    }
  }

  private start(key: string, url: string): void {
    const controller = new AbortController();
    const entry: Entry<T> = { status: 'loading', url, controller };
    this.entries.set(key, entry);
    this.load(url, controller.signal).then(
      (texture) => {
        // Dropped (or replaced) while loading: the texture is not wanted any more.
        if (this.entries.get(key) !== entry) {
          texture.destroy(true);
          return;
        }
        this.entries.set(key, { status: 'ready', url, texture });
        this.onReady(key);
        this.pump();
      },
      (error: unknown) => {
        if (this.entries.get(key) !== entry) return;
        if (!controller.signal.aborted) console.error('Story image failed to load', url, error);
        this.entries.set(key, { status: 'error', url });
        this.pump();
      },
    );
  }
}
