// The story frame's own chrome, drawn by Pixi over the image: the top shade and the owner's
// avatar, username and relative time (the progress bars are DOM: ./progressBars). Posed by the
// viewer's loop, so nothing here passes through React.
import { Container, FillGradient, Graphics, Sprite, Text, Texture } from 'pixi.js';
import { relativeTime } from '../../lib/format';
import { PROGRESS_INSET, type FrameRect } from './layout';

// The progress bars are DOM (./progressBars): 8 px from the top, 2 px high.
const BAR_TOP = 8;
const BAR_HEIGHT = 2;
const AVATAR_SIZE = 32;
const HEADER_TOP = BAR_TOP + BAR_HEIGHT + 10;
const SHADE_HEIGHT = 96;

export class StoryOverlay extends Container {
  private readonly shade = new Graphics();
  private readonly avatar = new Sprite();
  private readonly avatarMask = new Graphics();
  private readonly avatarFallback = new Graphics();
  private readonly username = new Text({
    text: '',
    style: { fill: 0xffffff, fontFamily: 'system-ui, sans-serif', fontSize: 14, fontWeight: '600' },
  });
  private readonly time = new Text({
    text: '',
    style: { fill: 0xffffff, fontFamily: 'system-ui, sans-serif', fontSize: 14 },
  });
  private readonly spinner = new Graphics();
  private readonly gradient = new FillGradient({
    type: 'linear',
    start: { x: 0, y: 0 },
    end: { x: 0, y: 1 },
    colorStops: [
      { offset: 0, color: 'rgba(0,0,0,0.5)' },
      { offset: 1, color: 'rgba(0,0,0,0)' },
    ],
    textureSpace: 'local',
  });

  constructor() {
    super();
    this.time.alpha = 0.75;
    this.avatar.mask = this.avatarMask;
    this.spinner.visible = false;
    this.addChild(
      this.shade,
      this.avatarFallback,
      this.avatar,
      this.avatarMask,
      this.username,
      this.time,
      this.spinner,
    );
  }

  /** Positions everything for a new frame rectangle (on resize). */
  layout(frame: FrameRect): void {
    this.shade.clear().rect(frame.x, frame.y, frame.width, SHADE_HEIGHT).fill(this.gradient);
    const ax = frame.x + PROGRESS_INSET + 4;
    const ay = frame.y + HEADER_TOP;
    const r = AVATAR_SIZE / 2;
    this.avatarMask
      .clear()
      .circle(ax + r, ay + r, r)
      .fill(0xffffff);
    this.avatarFallback
      .clear()
      .circle(ax + r, ay + r, r)
      .fill(0x8e8e8e);
    this.avatar.position.set(ax, ay);
    this.avatar.setSize(AVATAR_SIZE, AVATAR_SIZE);
    this.username.position.set(
      ax + AVATAR_SIZE + 10,
      ay + (AVATAR_SIZE - this.username.height) / 2,
    );
    this.placeTime();
    this.spinner.position.set(frame.x + frame.width / 2, frame.y + frame.height / 2);
  }

  /** Returns whether anything changed. */
  setOwner(username: string, avatar: Texture | null): boolean {
    let changed = false;
    if (this.username.text !== username) {
      this.username.text = username;
      this.placeTime();
      changed = true;
    }
    if (avatar && this.avatar.texture !== avatar) {
      this.avatar.texture = avatar;
      this.avatar.setSize(AVATAR_SIZE, AVATAR_SIZE);
      changed = true;
    }
    if (this.avatar.visible !== (avatar !== null)) changed = true;
    this.avatar.visible = avatar !== null;
    return changed;
  }

  /** Returns whether the text changed. */
  setTakenAt(takenAt: number | null, now: number): boolean {
    const text = takenAt === null ? '' : relativeTime(takenAt, now);
    if (this.time.text === text) return false;
    this.time.text = text;
    return true;
  }

  /** The loading indicator in the frame's centre; `angle` turns it. Returns whether it moved. */
  setLoading(loading: boolean, angle: number): boolean {
    const was = this.spinner.visible;
    this.spinner.visible = loading;
    if (!loading) return was;
    if (this.spinner.context.instructions.length === 0) {
      this.spinner
        .arc(0, 0, 18, 0, Math.PI * 1.5)
        .stroke({ color: 0xffffff, width: 3, alpha: 0.9 });
    }
    this.spinner.rotation = angle;
    return true;
  }

  private placeTime(): void {
    this.time.position.set(this.username.x + this.username.width + 8, this.username.y);
  }

  override destroy(): void {
    this.gradient.destroy();
    // The avatar texture belongs to the texture cache, which destroys it.
    this.avatar.texture = Texture.EMPTY;
    super.destroy({ children: true });
  }
}
