import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openUploadStore, sweepUploads } from '../../server/media/tus.ts';
import { createTestApp, login, type TestApp } from './helpers.ts';

// Every server process runs the hourly upload sweep (issue 16): two sweeping the same database
// and store at once must each take different expired uploads and both finish without error.

const HOUR = 3600;
const b64 = (s: string) => Buffer.from(s).toString('base64');

let t: TestApp;
let clock = Math.floor(Date.now() / 1000);
beforeEach(async () => {
  t = await createTestApp({ seedUsers: true, now: () => clock });
});
afterEach(async () => t.close());

it('two processes sweeping at once delete each expired upload once, and everything expired', async () => {
  const alice = await login(t.app, 'alice');
  for (let i = 0; i < 6; i++) {
    const created = await alice.request({
      method: 'POST',
      url: '/create/upload/resumable/',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '5000',
        'upload-metadata': `upload_id ${b64(`17000000001${i}`)},filetype ${b64('image/jpeg')}`,
      },
    });
    expect(created.statusCode).toBe(201);
  }
  const dir = path.join(t.dataDir, 'uploads');
  expect((await fs.readdir(dir)).length).toBeGreaterThan(0);

  clock += 25 * HOUR;
  // Two processes: each its own store over the same files, one database.
  const results = await Promise.all([
    sweepUploads(t.ctx, openUploadStore(t.ctx.config)),
    sweepUploads(t.ctx, openUploadStore(t.ctx.config)),
  ]);
  expect(results[0].uploads + results[1].uploads).toBe(6);
  expect(await fs.readdir(dir)).toEqual([]);
  expect(await t.ctx.db.selectFrom('uploads').select('upload_id').execute()).toEqual([]);
});
