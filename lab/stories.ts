/**
 * Story viewer lab: mounts the real StoryViewer with N synthetic reels whose images are gradients
 * generated in the page (no network), for the bench suite and memory checks. Drive it with
 * window.glintStoryLab.
 */
import { StoryViewer, type ViewerReel } from '../src/canvas/StoryViewer';
import { storyPictureUrl } from '../src/features/stories/storyPicture';

const STORY_WIDTH = 1080;
const STORY_HEIGHT = 1920;
const IMAGE_DURATION_MS = 5000;

export interface StoryLabPosition {
  reelIndex: number;
  itemIndex: number;
}

export interface GlintStoryLab {
  /** Opens n synthetic reels (itemsPerReel each); resolves when the first item is on screen. */
  open(n: number, itemsPerReel?: number): Promise<{ timeToFirstFrameMs: number }>;
  next(): void;
  previous(): void;
  /** Jumps to the first item of reel `index`. */
  goToReel(index: number): void;
  pause(paused: boolean): void;
  position(): StoryLabPosition;
  /** Resolves once the current item's image is on screen. */
  shown(): Promise<void>;
  stats(): { liveTextures: number; textureBytes: number };
  progress(): number;
  close(): void;
}

/** The widths the server offers each story picture: its 540 px copy and the original. */
const OFFERED_WIDTHS = [540, STORY_WIDTH];

/**
 * Synthetic URLs: synthetic:<reel>/<item>/<width>; the loader paints a distinct gradient for each
 * at that width. The width is chosen as the app chooses a story picture's size
 * (storyPictureUrl: the smallest offered that covers the device pixels it is drawn at).
 */
function syntheticUrl(reel: number, item: number): string {
  const at = (width: number) => `synthetic:${reel}/${item}/${width}`;
  return storyPictureUrl({
    displayUrl: at(STORY_WIDTH),
    width: STORY_WIDTH,
    height: STORY_HEIGHT,
    resources: OFFERED_WIDTHS.map((width) => ({
      src: at(width),
      config_width: width,
      config_height: (width * STORY_HEIGHT) / STORY_WIDTH,
    })),
  });
}

function syntheticReels(n: number, itemsPerReel: number): ViewerReel[] {
  const now = Math.floor(Date.now() / 1000);
  return Array.from({ length: n }, (_, r) => ({
    id: `reel-${r}`,
    username: `lab_user_${r}`,
    avatarUrl: `synthetic:avatar/${r}`,
    items: Array.from({ length: itemsPerReel }, (_, i) => ({
      id: `reel-${r}-item-${i}`,
      url: syntheticUrl(r, i),
      width: STORY_WIDTH,
      height: STORY_HEIGHT,
      takenAt: now - 3600 * (r + 1) + i * 60,
      durationMs: IMAGE_DURATION_MS,
      videoUrl: null,
    })),
  }));
}

async function paintGradient(url: string, signal: AbortSignal): Promise<ImageBitmap> {
  const [a, b, width] = url.slice('synthetic:'.length).split('/');
  const avatar = a === 'avatar';
  const seed = avatar ? Number(b) : Number(a) * 7 + Number(b);
  const scale = avatar ? 1 : Number(width) / STORY_WIDTH;
  const [w, h] = avatar ? [150, 150] : [STORY_WIDTH * scale, STORY_HEIGHT * scale];
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas unavailable');
  const gradient = ctx.createLinearGradient(0, 0, w, h);
  gradient.addColorStop(0, `hsl(${(seed * 47) % 360} 80% 55%)`);
  gradient.addColorStop(1, `hsl(${(seed * 47 + 120) % 360} 70% 35%)`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, w, h);
  if (!avatar) {
    ctx.fillStyle = 'rgba(255,255,255,0.9)';
    ctx.font = `bold ${Math.round(96 * scale)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.fillText(`Reel ${Number(a) + 1} · ${Number(b) + 1}`, w / 2, h / 2);
  }
  if (signal.aborted) throw new DOMException('aborted', 'AbortError');
  return canvas.transferToImageBitmap();
}

const container = document.getElementById('viewer') as HTMLDivElement;
const statsLine = document.getElementById('stats') as HTMLParagraphElement;

let viewer: StoryViewer | null = null;
let reels: ViewerReel[] = [];
let position: StoryLabPosition = { reelIndex: -1, itemIndex: 0 };
let paused = false;
let shownKey = '';
let waiters: (() => void)[] = [];

const key = () => `${position.reelIndex}/${position.itemIndex}`;

function push(): void {
  viewer?.update({
    reels,
    reelIndex: position.reelIndex,
    itemIndex: position.itemIndex,
    paused,
    muted: true,
  });
  const s = viewer?.stats();
  if (s)
    statsLine.textContent = `${s.liveTextures} textures, ${(s.textureBytes / 1e6).toFixed(1)} MB`;
}

function move(step: 1 | -1): void {
  const count = reels[position.reelIndex]?.items?.length ?? 0;
  const itemIndex = position.itemIndex + step;
  if (itemIndex >= 0 && itemIndex < count) position = { ...position, itemIndex };
  else {
    const reelIndex = position.reelIndex + step;
    if (reelIndex < 0 || reelIndex >= reels.length) return;
    position = { reelIndex, itemIndex: step === 1 ? 0 : (reels[reelIndex].items?.length ?? 1) - 1 };
  }
  push();
}

const lab: GlintStoryLab = {
  async open(n, itemsPerReel = 3) {
    const started = performance.now();
    lab.close();
    reels = syntheticReels(n, itemsPerReel);
    position = { reelIndex: 0, itemIndex: 0 };
    viewer = await StoryViewer.create({
      container,
      loadImage: paintGradient,
      callbacks: {
        onNext: () => move(1),
        onPrevious: () => move(-1),
        onClose: () => lab.close(),
        onItemShown: () => {
          shownKey = key();
          for (const resolve of waiters.splice(0)) resolve();
        },
      },
    });
    push();
    await lab.shown();
    return { timeToFirstFrameMs: performance.now() - started };
  },
  next: () => move(1),
  previous: () => move(-1),
  goToReel(index) {
    position = { reelIndex: Math.max(0, Math.min(reels.length - 1, index)), itemIndex: 0 };
    push();
  },
  pause(value) {
    paused = value;
    push();
  },
  position: () => ({ ...position }),
  shown: () =>
    shownKey === key() ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve)),
  stats: () => viewer?.stats() ?? { liveTextures: 0, textureBytes: 0 },
  progress: () => viewer?.progress() ?? 0,
  close() {
    viewer?.destroy();
    viewer = null;
    shownKey = '';
    waiters = [];
  },
};

declare global {
  interface Window {
    glintStoryLab: GlintStoryLab;
  }
}
window.glintStoryLab = lab;

document.getElementById('open')?.addEventListener('click', () => void lab.open(20));
document.getElementById('next')?.addEventListener('click', () => lab.next());
