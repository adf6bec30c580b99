import { afterAll, describe, expect, it } from 'vitest';
import { startBalancer } from '../../scripts/cluster/balancer.ts';
import { startGlintServer } from '../../scripts/cluster/servers.ts';
import { freePort } from '../../scripts/cluster/daemon.ts';
import {
  b64,
  closeDatabase,
  cluster,
  configure,
  loginAt,
  mediaInfo,
  member,
  newUploadId,
  photo,
  psnr,
  serverUrl,
  tusRequest,
  tusUpload,
  TUS_PATH,
} from './fixtures.ts';
import type { HttpClient } from './client.ts';
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';

afterAll(closeDatabase);

/** The post's display image as served, and how close it is to the uploaded photo. */
async function servedPhoto(client: HttpClient, shortcode: string, original: Buffer) {
  const { media } = await mediaInfo(client, shortcode);
  const res = await client.get(media.display_url);
  expect(res.status).toBe(200);
  return psnr(Buffer.from(await res.arrayBuffer()), original);
}

describe('uploads across servers', () => {
  it('an upload started on A is resumed on B and shared on A', async () => {
    const owner = await member('uploader');
    const onA = await loginAt(serverUrl('A'), owner);
    const onB = onA.at(serverUrl('B'));
    const data = await photo(1);
    const uploadId = newUploadId();

    const created = await tusRequest(onA, 'POST', TUS_PATH, {
      'upload-length': String(data.length),
      'upload-metadata': `upload_id ${b64(uploadId)},filetype ${b64('image/jpeg')}`,
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!, serverUrl('A')).pathname;
    const third = Math.floor(data.length / 3);
    const first = await tusRequest(
      onA,
      'PATCH',
      location,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      data.subarray(0, third),
    );
    expect(first.status).toBe(204);

    // B knows how far A got, and takes the rest.
    const probe = await tusRequest(onB, 'HEAD', location, {});
    expect(probe.status).toBe(200);
    expect(probe.headers.get('upload-offset')).toBe(String(third));
    const rest = await tusRequest(
      onB,
      'PATCH',
      location,
      { 'upload-offset': String(third), 'content-type': 'application/offset+octet-stream' },
      data.subarray(third),
    );
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(data.length));

    const shortcode = await configure(onA, uploadId, 'started on A, finished on B');
    // The whole photo arrived: the post's image is the photo (re-encoded), on either server.
    expect(await servedPhoto(onB, shortcode, data)).toBeGreaterThan(30);
    expect(await servedPhoto(onA, shortcode, data)).toBeGreaterThan(30);
  });

  describe('a server killed in the middle of an upload', () => {
    const stops: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const stop of stops.reverse()) await stop();
    });

    it('loses nothing: the client resumes through B', async () => {
      // Server K is a third process on the same engines, behind a balancer of its own with B,
      // so killing it leaves the shared cluster's A and B to the other tests.
      const env = { ...cluster().env };
      if (env.S3_ENDPOINT) {
        env.DATA_DIR = path.join(cluster().dir, 'data-K');
        fs.mkdirSync(env.DATA_DIR, { recursive: true });
      }
      const doomed = await startGlintServer({
        name: 'K',
        port: await freePort(),
        env: { ...env, SEED: 'none' },
        logDir: cluster().dir,
      });
      stops.push(() => doomed.stop());
      const b = new URL(serverUrl('B'));
      const balancer = await startBalancer({
        port: await freePort(),
        backends: [
          { name: 'K', host: '127.0.0.1', port: doomed.port },
          { name: 'B', host: b.hostname, port: Number(b.port) },
        ],
      });
      stops.push(() => balancer.stop());

      const owner = await member('survivor');
      const client = await loginAt(balancer.url, owner);
      const data = await photo(2);
      const uploadId = newUploadId();
      const created = await tusRequest(client.at(doomed.url), 'POST', TUS_PATH, {
        'upload-length': String(data.length),
        'upload-metadata': `upload_id ${b64(uploadId)},filetype ${b64('image/jpeg')}`,
      });
      expect(created.status).toBe(201);
      const location = new URL(created.headers.get('location')!, doomed.url).pathname;

      // A PATCH to K that stops halfway through its body: K is killed while it is receiving it.
      const chunk = data.subarray(0, Math.floor(data.length / 2));
      const cut = http.request(`${doomed.url}${location}`, {
        method: 'PATCH',
        headers: {
          ...client.headers(),
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(chunk.length),
        },
      });
      const cutEnded = new Promise<void>((resolve) => {
        cut.on('error', () => resolve());
        cut.on('response', () => resolve());
      });
      await new Promise<void>((resolve) =>
        cut.write(chunk.subarray(0, chunk.length / 2), () => resolve()),
      );
      await doomed.kill();
      await cutEnded;
      expect(doomed.daemon.child.signalCode).toBe('SIGKILL');

      // The client carries on through the balancer, which now finds only B.
      await tusUpload(client, data, uploadId, {
        uploadUrl: `${balancer.url}${location}`,
        chunkSize: 128 * 1024,
      });
      expect(balancer.stats.get('B')!.requests).toBeGreaterThan(0);
      const shortcode = await configure(client, uploadId, 'survived a crash');
      expect(await servedPhoto(client, shortcode, data)).toBeGreaterThan(30);
    });
  });
});
