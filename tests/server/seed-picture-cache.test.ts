import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemo } from '../../server/seed/index.ts';
import { pictureCacheDir } from '../../server/seed/pictureCache.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const NOW = 1_790_000_000;
const OPTS = { members: 16, posts: 20 };

/** Every stored media file under the app's data dir, by its path there, with its bytes. */
async function mediaFiles(app: TestApp): Promise<Map<string, Buffer>> {
  const root = path.join(app.dataDir, 'media');
  const files = new Map<string, Buffer>();
  for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, file), await fs.readFile(file));
  }
  return files;
}

/** The seed's "stored N pictures, M rendered…" line. */
async function seedLogged(app: TestApp, cache: string | null): Promise<string> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  try {
    await seedDemo(app.ctx, { ...OPTS, pictureCache: cache });
    return log.mock.calls.map((c) => String(c[0])).find((l) => l.includes(' rendered')) ?? '';
  } finally {
    log.mockRestore();
  }
}

describe('the seed picture cache', () => {
  let cache: string;
  const apps: TestApp[] = [];
  const lines: string[] = [];

  beforeAll(async () => {
    cache = await fs.mkdtemp(path.join(os.tmpdir(), 'glint-picture-cache-'));
    for (const target of [cache, cache, null]) {
      const app = await createTestApp({ now: () => NOW });
      apps.push(app);
      lines.push(await seedLogged(app, target));
    }
  }, 240_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await fs.rm(cache, { recursive: true, force: true });
  });

  it('renders every picture on the first seed and none on the next', () => {
    const [first, second, uncached] = lines;
    const rendered = (line: string) => Number(/, (\d+) rendered/.exec(line)?.[1]);
    const stored = (line: string) => Number(/stored (\d+) pictures/.exec(line)?.[1]);
    expect(stored(first)).toBeGreaterThan(20);
    expect(rendered(first)).toBe(stored(first));
    expect(rendered(second)).toBe(0);
    expect(second).toContain(`${stored(first)} from the picture cache`);
    expect(rendered(uncached)).toBe(stored(first));
  });

  it('stores the same files, byte for byte, as a seed that renders them', async () => {
    const [first, second, uncached] = await Promise.all(apps.map(mediaFiles));
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    expect([...uncached.keys()].sort()).toEqual([...first.keys()].sort());
    for (const [file, data] of uncached) {
      expect(second.get(file)?.equals(data), file).toBe(true);
    }
  });

  it('renders a picture again when its cached file is cut off', async () => {
    const entries = await fs.readdir(cache, { recursive: true, withFileTypes: true });
    const full = entries.find((e) => e.isFile() && e.name === 'full.jpg');
    if (!full) throw new Error('no cached picture');
    const file = path.join(full.parentPath, full.name);
    const data = await fs.readFile(file);
    await fs.writeFile(file, data.subarray(0, data.length >> 1));
    const app = await createTestApp({ now: () => NOW });
    apps.push(app);
    const line = await seedLogged(app, cache);
    expect(line).toMatch(/, 1 rendered,/);
    // Put right again for whoever reads it next.
    expect((await fs.readFile(file)).equals(data)).toBe(true);
  }, 120_000);

  it('lives in the system temporary folder unless SEED_PICTURE_CACHE says otherwise', () => {
    expect(pictureCacheDir({})).toBe(path.join(os.tmpdir(), 'glint-seed-pictures'));
    expect(pictureCacheDir({ SEED_PICTURE_CACHE: '/srv/cache' })).toBe('/srv/cache');
    expect(pictureCacheDir({ SEED_PICTURE_CACHE: 'off' })).toBeNull();
  });
});
