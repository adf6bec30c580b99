/**
 * Photo inputs made by the bench: a synthetic landscape scene (gradients, ridges, turbulence
 * texture, sensor-like grain) encoded at JPEG quality 92, stored sideways with EXIF Orientation 6
 * and a GPS position, like a phone held upright. Files are cached under bench/results/inputs.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export interface PhotoInput {
  /** Short label used in the table, e.g. "12 MP". */
  label: string;
  file: string;
  bytes: number;
  /** Upright size (after the EXIF orientation), which is what every contender works on. */
  width: number;
  height: number;
  orientation: number;
  hasGps: boolean;
  synthetic: boolean;
}

const INPUT_VERSION = 3;
/** librsvg's turbulence filter is slow: the scene is drawn small and scaled up. */
const SCENE_WIDTH = 1000;
export const INPUT_DIR = path.resolve('bench/results/inputs');
export const FIXTURE_PHOTO = path.resolve('tests/fixtures/photos/gps-google-pixel-12mp.jpg');

/** Deterministic pseudo-random numbers so every machine benches the same pixels. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function ridge(rand: () => number, w: number, h: number, base: number, rough: number): string {
  const points: string[] = [`0,${h}`];
  let y = base;
  for (let i = 0; i <= 48; i += 1) {
    y = Math.min(h, Math.max(h * 0.15, y + (rand() - 0.5) * rough));
    points.push(`${((i * w) / 48).toFixed(1)},${y.toFixed(1)}`);
  }
  points.push(`${w},${h}`);
  return points.join(' ');
}

/** An upright (portrait) scene at w×h as SVG. */
export function sceneSvg(w: number, h: number): string {
  const rand = mulberry32(20261122);
  const layers = ['#4b5d73', '#3c5a4a', '#2f4a35', '#23382a'].map((fill, i) => {
    const base = h * (0.42 + i * 0.1);
    return `<polygon fill="${fill}" points="${ridge(rand, w, h, base, h * 0.05)}" filter="url(#t)"/>`;
  });
  const rocks: string[] = [];
  for (let i = 0; i < 260; i += 1) {
    const x = rand() * w;
    const y = h * (0.72 + rand() * 0.28);
    const r = (4 + rand() * 22) * (w / 1000);
    const g = Math.round(60 + rand() * 90);
    rocks.push(
      `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${r.toFixed(1)}" ry="${(r * 0.6).toFixed(1)}" fill="rgb(${g + 20},${g + 10},${g})"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2d5fa8"/><stop offset="0.55" stop-color="#f3b37a"/>
    </linearGradient>
    <radialGradient id="sun" cx="0.68" cy="0.34" r="0.22">
      <stop offset="0" stop-color="#fff6d8"/><stop offset="1" stop-color="#fff6d8" stop-opacity="0"/>
    </radialGradient>
    <filter id="t" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="${(9 / w).toFixed(5)}" numOctaves="5" seed="7"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.55 0"/>
      <feComposite in="SourceGraphic" operator="over"/>
      <feComposite in2="SourceGraphic" operator="in"/>
    </filter>
    <filter id="c"><feTurbulence type="fractalNoise" baseFrequency="${(4 / w).toFixed(5)}" numOctaves="4" seed="3"/>
      <feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 0.7 -0.2"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <rect width="${w}" height="${h * 0.5}" filter="url(#c)"/>
  <rect width="${w}" height="${h}" fill="url(#sun)"/>
  ${layers.join('\n  ')}
  <rect y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#5a7b8c" opacity="0.55"/>
  ${rocks.join('')}
</svg>`;
}

/** EXIF as libvips writes it: IFD0 = image, IFD3 = GPS (rationals as "n/d n/d n/d"). */
const EXIF = {
  IFD0: { Make: 'Glint', Model: 'Bench synthetic', Orientation: '6' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 2976/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 17/1 4020/100',
  },
};

/**
 * Makes (or reuses) a width×height (upright) JPEG stored rotated with Orientation 6. The scene is
 * drawn at ≤ SCENE_WIDTH px wide and scaled up; full-resolution grain keeps the entropy of a real photo.
 */
export async function syntheticPhoto(
  label: string,
  width: number,
  height: number,
): Promise<PhotoInput> {
  fs.mkdirSync(INPUT_DIR, { recursive: true });
  const file = path.join(INPUT_DIR, `synthetic-${width}x${height}-v${INPUT_VERSION}.jpg`);
  if (!fs.existsSync(file)) {
    const scale = Math.min(1, SCENE_WIDTH / width);
    const sw = Math.round(width * scale);
    const sh = Math.round(height * scale);
    // Rasterise first: resizing an SVG input makes librsvg draw it at the target size (slow).
    const small = await sharp(Buffer.from(sceneSvg(sw, sh)))
      .removeAlpha()
      .png()
      .toBuffer();
    const scene = await sharp(small, { limitInputPixels: false })
      .resize(width, height, { kernel: 'lanczos3' })
      .raw()
      .toBuffer();
    const grain = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 12 },
      },
      limitInputPixels: false,
    })
      .raw()
      .toBuffer();
    // Sensor-like grain: add (noise - 128) / 2 to every channel.
    for (let i = 0; i < scene.length; i += 1) {
      scene[i] = Math.max(0, Math.min(255, scene[i] + ((grain[i] - 128) >> 1)));
    }
    // Stored sideways: rotate the upright scene 90° counter-clockwise, then tag Orientation 6.
    const stored = await sharp(scene, {
      raw: { width, height, channels: 3 },
      limitInputPixels: false,
    })
      .rotate(270)
      .raw()
      .toBuffer();
    await sharp(stored, {
      raw: { width: height, height: width, channels: 3 },
      limitInputPixels: false,
    })
      .withExif(EXIF)
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 92, chromaSubsampling: '4:2:0' })
      .toFile(`${file}.tmp`);
    fs.renameSync(`${file}.tmp`, file);
  }
  return describe(label, file, true);
}

/** The real camera photo from the photo fixtures (tests/fixtures/photos), when present. */
export async function fixturePhoto(label: string): Promise<PhotoInput | null> {
  if (!fs.existsSync(FIXTURE_PHOTO)) return null;
  return describe(label, FIXTURE_PHOTO, false);
}

async function describe(label: string, file: string, synthetic: boolean): Promise<PhotoInput> {
  const meta = await sharp(file, { limitInputPixels: false }).metadata();
  const orientation = meta.orientation ?? 1;
  const sideways = orientation >= 5;
  const stored = { width: meta.width ?? 0, height: meta.height ?? 0 };
  const exifr = (await import('exifr')).default;
  const gps = await exifr.gps(file).catch(() => undefined);
  return {
    label,
    file,
    bytes: fs.statSync(file).size,
    width: sideways ? stored.height : stored.width,
    height: sideways ? stored.width : stored.height,
    orientation,
    hasGps: Boolean(gps && Number.isFinite(gps.latitude)),
    synthetic,
  };
}

/**
 * The photo inputs of a run: 12 MP and 108 MP synthetic photos (quick: two small ones that take
 * the same code paths) and the real camera photo from tests/fixtures/photos. The last
 * synthetic one is the "large" input used for the peak-memory figures.
 */
export async function benchInputs(
  quick: boolean,
): Promise<{ all: PhotoInput[]; large: PhotoInput }> {
  const small = quick
    ? await syntheticPhoto('0.3 MP synthetic', 480, 640)
    : await syntheticPhoto('12 MP synthetic', 3024, 4032);
  const large = quick
    ? await syntheticPhoto('1 MP synthetic', 900, 1200)
    : await syntheticPhoto('108 MP synthetic', 9000, 12000);
  const camera = quick ? null : await fixturePhoto('12 MP camera (Pixel, GPS)');
  return { all: [small, large, ...(camera ? [camera] : [])], large };
}

/**
 * The upload payload: a real JPEG the staging endpoint accepts (long side ≤ 1920), made large
 * (grainy, quality 95) so the transfer, not the request overhead, dominates.
 */
export async function uploadPayload(quick: boolean): Promise<{ file: string; bytes: number }> {
  const side = quick ? 640 : 1920;
  fs.mkdirSync(INPUT_DIR, { recursive: true });
  const file = path.join(INPUT_DIR, `upload-${side}-v${INPUT_VERSION}.jpg`);
  if (!fs.existsSync(file)) {
    await sharp({
      create: {
        width: side,
        height: side,
        channels: 3,
        background: '#6a8caf',
        noise: { type: 'gaussian', mean: 120, sigma: 40 },
      },
    })
      .jpeg({ quality: 95 })
      .toFile(file);
  }
  return { file, bytes: fs.statSync(file).size };
}
