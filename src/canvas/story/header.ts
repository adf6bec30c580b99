// The story frame's header, in the DOM over the canvas like the progress bars (./progressBars):
// the top shade, the owner's avatar, username and relative time, and the loading indicator in
// the frame's centre. Drawn by Pixi, it pulled Pixi's Text into every cold tap (text measured and
// uploaded on a tap's first frame); in the DOM the browser draws it, and the spinner turns without
// a WebGL redraw. (Pixi's Graphics stays in the bundle: WebGLRenderer imports its adaptor.) Posed by the viewer's
// loop, so nothing here passes through React. Hidden from assistive technology: the page
// announces each story (storyAnnouncement).
import { relativeTime } from '../../lib/format';
import { PROGRESS_INSET, type FrameRect } from './layout';

// Under the progress bars (8 px from the top, 2 px high).
const HEADER_TOP = 8 + 2 + 10;
const AVATAR_SIZE = 32;
const SHADE_HEIGHT = 112;
/** The shade's darkness down to the text line's foot (the avatar's bottom), then it fades. */
export const SHADE_ALPHA = 0.6;
const SHADE_SOLID = HEADER_TOP + AVATAR_SIZE + 4;
// Eased out below the text (a middle stop), so its end does not read as a band.
const SHADE = `linear-gradient(rgb(0 0 0 / ${SHADE_ALPHA}) ${SHADE_SOLID}px, rgb(0 0 0 / 0.22) ${
  SHADE_SOLID + 28
}px, rgb(0 0 0 / 0))`;
const SPINNER_SIZE = 36;

function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  style: Partial<CSSStyleDeclaration>,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  Object.assign(made.style, style);
  return made;
}

export class StoryHeader {
  readonly element = element('div', {
    position: 'absolute',
    height: `${SHADE_HEIGHT}px`,
    pointerEvents: 'none',
    // Dark enough through the text line for white text over a white picture (≥ 4.5:1 at 0.6
    // black: 5.7:1), then fading out under it.
    background: SHADE,
    transition: 'opacity 150ms ease-out',
  });
  /** The grey circle: shown until the avatar has loaded, and where there is none or it failed. */
  private readonly avatarCircle = element('div', {
    position: 'absolute',
    left: `${PROGRESS_INSET + 4}px`,
    top: `${HEADER_TOP}px`,
    width: `${AVATAR_SIZE}px`,
    height: `${AVATAR_SIZE}px`,
    borderRadius: '50%',
    overflow: 'hidden',
    background: '#8e8e8e',
  });
  private readonly avatar = element('img', {
    display: 'block',
    width: '100%',
    height: '100%',
    objectFit: 'cover',
  });
  private readonly name = element('span', {
    position: 'absolute',
    left: `${PROGRESS_INSET + 4 + AVATAR_SIZE + 10}px`,
    top: `${HEADER_TOP}px`,
    right: `${PROGRESS_INSET}px`,
    color: '#fff',
    // Line height in the shorthand: a separate lineHeight before it would be reset by it.
    font: `14px/${AVATAR_SIZE}px system-ui, sans-serif`,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    textShadow: '0 1px 3px rgb(0 0 0 / 0.6)',
  });
  private readonly username = element('span', { fontWeight: '600' });
  // Full white like the name (set apart by weight): a dimmed time failed contrast over bright
  // pictures.
  private readonly time = element('span', { marginLeft: '8px', fontWeight: '400' });
  /** The loading indicator (moved with the story); its ring is turned by the compositor. */
  readonly spinner = element('div', {
    position: 'absolute',
    width: `${SPINNER_SIZE}px`,
    height: `${SPINNER_SIZE}px`,
    pointerEvents: 'none',
    display: 'none',
  });
  private readonly ring = element('div', {
    width: '100%',
    height: '100%',
    boxSizing: 'border-box',
    border: '3px solid rgb(255 255 255 / 0.9)',
    borderRightColor: 'transparent',
    borderRadius: '50%',
  });
  private avatarUrl: string | null = null;
  private spinning: Animation | null = null;

  constructor() {
    this.element.setAttribute('aria-hidden', 'true');
    this.element.className = 'story-viewer__header';
    this.spinner.setAttribute('aria-hidden', 'true');
    this.spinner.className = 'story-viewer__spinner';
    this.avatar.alt = '';
    this.avatar.decoding = 'async';
    this.avatar.style.visibility = 'hidden';
    this.spinner.append(this.ring);
    this.name.append(this.username, this.time);
    this.avatarCircle.append(this.avatar);
    this.element.append(this.avatarCircle, this.name);
  }

  /** Positions everything for a new frame rectangle (on resize). */
  layout(frame: FrameRect): void {
    Object.assign(this.element.style, {
      left: `${frame.x}px`,
      top: `${frame.y}px`,
      width: `${frame.width}px`,
    });
    Object.assign(this.spinner.style, {
      left: `${frame.x + (frame.width - SPINNER_SIZE) / 2}px`,
      top: `${frame.y + (frame.height - SPINNER_SIZE) / 2}px`,
    });
  }

  /** The reel's owner; null hides the header (no reel). */
  setOwner(owner: { username: string; avatarUrl: string | null } | null): void {
    this.element.hidden = owner === null;
    if (!owner) return;
    if (this.username.textContent !== owner.username) this.username.textContent = owner.username;
    if (owner.avatarUrl !== this.avatarUrl) {
      this.avatarUrl = owner.avatarUrl;
      // The grey circle shows until the new owner's picture is in (no previous owner's face).
      this.avatar.style.visibility = 'hidden';
      // Only the picture is hidden; a broken one stays hidden (the circle shows, no broken icon).
      this.avatar.onload = () => (this.avatar.style.visibility = '');
      this.avatar.onerror = () => (this.avatar.style.visibility = 'hidden');
      if (owner.avatarUrl) this.avatar.src = owner.avatarUrl;
      else this.avatar.removeAttribute('src');
    }
  }

  setTakenAt(takenAt: number | null, now: number): void {
    const text = takenAt === null ? '' : relativeTime(takenAt, now);
    if (this.time.textContent !== text) this.time.textContent = text;
  }

  get loading(): boolean {
    return this.spinner.style.display !== 'none';
  }

  setLoading(loading: boolean): void {
    if (this.loading === loading) return;
    this.spinner.style.display = loading ? '' : 'none';
    this.spinning?.cancel();
    this.spinning = null;
    // Element.animate is missing only in test DOMs. The app's reduced-motion CSS does not stop a
    // script's animation: with reduced motion the ring stays still (it still says loading).
    if (loading && typeof this.ring.animate === 'function' && !reducedMotion()) {
      this.spinning = this.ring.animate(
        [{ transform: 'rotate(0turn)' }, { transform: 'rotate(1turn)' }],
        { duration: 940, iterations: Infinity },
      );
    }
  }

  /** Where the header sits while the picture is dragged down, and how visible it is. */
  pose(offsetY: number, opacity: number): void {
    const { style } = this.element;
    style.transform = offsetY ? `translateY(${offsetY}px)` : '';
    style.opacity = String(opacity);
    this.spinner.style.transform = offsetY ? `translateY(${offsetY}px)` : '';
  }

  destroy(): void {
    this.setLoading(false);
    this.element.remove();
    this.spinner.remove();
  }
}
