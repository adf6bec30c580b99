// The story viewer's display objects (issue 18): the current picture and, while a finger drags
// sideways, the neighbouring reel's beside it inside the frame; a dark gradient under everything
// so no frame is ever black; and on large screens small previews of the previous and next reels
// beside the frame. No state: the viewer poses it every frame. Sprites only — no Pixi Text (the
// header is DOM, ./header) and no Graphics drawn (it is still bundled: WebGLRenderer imports it).
import { BufferImageSource, Container, Sprite, Texture } from 'pixi.js';
import { CroppedPicture } from './crop';
import { coverFit, neighbourPreviewRect, type FrameRect } from './layout';

/** The backdrop's gradient, top to bottom (#3a3a3c → #161618). */
const BACKDROP_TOP = [0x3a, 0x3a, 0x3c];
const BACKDROP_BOTTOM = [0x16, 0x16, 0x18];
const BACKDROP_ROWS = 16;

/** A 1×16 texture of the backdrop's gradient, stretched smooth (linear filtering) over the frame. */
function backdropTexture(): Texture {
  const pixels = new Uint8Array(BACKDROP_ROWS * 4);
  for (let row = 0; row < BACKDROP_ROWS; row++) {
    const t = row / (BACKDROP_ROWS - 1);
    for (let c = 0; c < 3; c++) {
      pixels[row * 4 + c] = Math.round(
        BACKDROP_TOP[c] + (BACKDROP_BOTTOM[c] - BACKDROP_TOP[c]) * t,
      );
    }
    pixels[row * 4 + 3] = 255;
  }
  const source = new BufferImageSource({
    resource: pixels,
    width: 1,
    height: BACKDROP_ROWS,
    format: 'rgba8unorm',
    scaleMode: 'linear',
    alphaMode: 'no-premultiply-alpha',
  });
  return new Texture({ source });
}

/** A black sprite at `alpha` covering `rect` (hidden without one). */
function shade(sprite: Sprite, rect: FrameRect | null): void {
  sprite.visible = rect !== null;
  if (!rect) return;
  sprite.position.set(rect.x, rect.y);
  sprite.setSize(rect.width, rect.height);
}

/** A picture covering `rect`, shifted by `dx`; hidden without a texture. */
function place(sprite: Sprite, texture: Texture | null, rect: FrameRect, dx = 0): boolean {
  const shown = texture ?? Texture.EMPTY;
  const before = `${sprite.texture.uid}/${sprite.x}/${sprite.y}/${sprite.scale.x}/${sprite.visible}`;
  sprite.texture = shown;
  sprite.visible = texture !== null;
  if (texture) {
    const fit = coverFit(rect, texture.width, texture.height);
    sprite.position.set(fit.x + dx, fit.y);
    sprite.scale.set(fit.scale);
  }
  return (
    before !== `${sprite.texture.uid}/${sprite.x}/${sprite.y}/${sprite.scale.x}/${sprite.visible}`
  );
}

/** The frame shifted sideways by `dx`. */
const slot = (frame: FrameRect, dx: number): FrameRect => ({ ...frame, x: frame.x + dx });

/** The frame shifted by `dx`, cut to the frame itself. */
function clipOf(frame: FrameRect, dx: number): FrameRect {
  const left = Math.max(frame.x, frame.x + dx);
  const right = Math.min(frame.x + frame.width, frame.x + frame.width + dx);
  return { x: left, y: frame.y, width: Math.max(0, right - left), height: frame.height };
}

export interface ScenePose {
  /** The current reel's horizontal offset while dragged (px). */
  x: number;
  /** The whole story's downward offset while dragged towards closing (px). */
  y: number;
  /** The story's scale while dragged towards closing. */
  scale: number;
  /** The header's opacity (it fades while holding). */
  overlayAlpha: number;
  /** The previews' opacity (they fade while a drag moves the story). */
  previewAlpha: number;
}

export class StoryScene extends Container {
  private readonly story = new Container();
  private readonly pictures = new Container();
  /** Each picture is cut to its own slot within the frame by its texture coordinates (no
   * stencil mask): a picture wider than 9:16 (the phone's full-bleed frame crops its sides)
   * never shows over its neighbour. */
  private readonly picture = new CroppedPicture();
  private readonly neighbour = new CroppedPicture();
  private readonly backdropTexture = backdropTexture();
  private readonly backdrop = new Sprite(this.backdropTexture);
  private readonly previews = new Container();
  private readonly previewSprites = [new Sprite(), new Sprite()];
  /** Dimming over each preview, so the current story stands out and the DOM name on top stays
   * readable. */
  private readonly previewShades = [new Sprite(Texture.WHITE), new Sprite(Texture.WHITE)];
  private frame: FrameRect = { x: 0, y: 0, width: 1, height: 1 };
  private previewRects: (FrameRect | null)[] = [null, null];

  constructor() {
    super();
    this.pictures.addChild(this.neighbour.sprite, this.picture.sprite);
    this.story.addChild(this.backdrop, this.pictures);
    for (const sprite of this.previewShades) {
      sprite.tint = 0x000000;
      sprite.alpha = 0.45;
    }
    this.previews.addChild(...this.previewSprites, ...this.previewShades);
    this.addChild(this.previews, this.story);
  }

  layout(screenWidth: number, frame: FrameRect): void {
    this.frame = frame;
    this.backdrop.position.set(frame.x, frame.y);
    this.backdrop.setSize(frame.width, frame.height);
    this.story.pivot.set(frame.x + frame.width / 2, frame.y + frame.height / 2);
    this.previewRects = [
      neighbourPreviewRect(screenWidth, frame, -1),
      neighbourPreviewRect(screenWidth, frame, 1),
    ];
    this.previewRects.forEach((rect, i) => shade(this.previewShades[i], rect));
  }

  /**
   * Draws the current picture and, when the pose moves it sideways, the neighbour's next to it
   * (`side` says which). Returns whether anything changed (the viewer then redraws).
   */
  setPictures(current: Texture | null, neighbour: Texture | null, side: -1 | 1): boolean {
    const { x } = this.pose;
    const { frame } = this;
    const offset = x + side * frame.width;
    let changed = this.picture.show(current, slot(frame, x), clipOf(frame, x));
    changed =
      this.neighbour.show(x === 0 ? null : neighbour, slot(frame, offset), clipOf(frame, offset)) ||
      changed;
    return changed;
  }

  /** The previous (index 0) and next (index 1) reels' previews; returns whether they changed. */
  setPreviews(previous: Texture | null, next: Texture | null): boolean {
    let changed = false;
    [previous, next].forEach((texture, i) => {
      const rect = this.previewRects[i];
      changed = place(this.previewSprites[i], rect ? texture : null, rect ?? this.frame) || changed;
    });
    return changed;
  }

  private pose: ScenePose = { x: 0, y: 0, scale: 1, overlayAlpha: 1, previewAlpha: 1 };

  /** Moves the story with the finger; returns whether the canvas changed (the header that
   * `overlayAlpha` fades is DOM). */
  setPose(pose: ScenePose): boolean {
    const before = this.pose;
    this.pose = pose;
    const { frame } = this;
    this.story.position.set(frame.x + frame.width / 2, frame.y + frame.height / 2 + pose.y);
    this.story.scale.set(pose.scale);
    this.previews.alpha = pose.previewAlpha;
    this.previews.visible = pose.previewAlpha > 0;
    return (
      before.x !== pose.x ||
      before.y !== pose.y ||
      before.scale !== pose.scale ||
      before.previewAlpha !== pose.previewAlpha
    );
  }

  override destroy(): void {
    this.backdrop.texture = Texture.EMPTY;
    this.backdropTexture.destroy(true);
    // Textures belong to the viewer's caches, which destroy them.
    this.picture.destroy();
    this.neighbour.destroy();
    for (const sprite of this.previewSprites) {
      sprite.texture = Texture.EMPTY;
    }
    super.destroy({ children: true });
  }
}
