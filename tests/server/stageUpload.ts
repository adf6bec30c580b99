// Staging a photo through the tus endpoint, as the create flow does before configure.
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestClient } from './helpers.ts';

/** A real JPEG of the given size (a patterned image, so sharp cannot skip the decode). */
export async function testJpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 31) % 253;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
let nextUploadId = 1800000001000;

/** Uploads `data` in one tus PATCH and returns its upload_id. */
export async function stageUpload(client: TestClient, data: Buffer): Promise<string> {
  const uploadId = String(nextUploadId++);
  const tus = { 'tus-resumable': '1.0.0' };
  const created = await client.request({
    method: 'POST',
    url: '/create/upload/resumable/',
    headers: {
      ...tus,
      'upload-length': String(data.length),
      'upload-metadata': `upload_id ${b64(uploadId)}`,
    },
  });
  expect(created.statusCode).toBe(201);
  const patched = await client.request({
    method: 'PATCH',
    url: String(created.headers.location),
    payload: data,
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
  });
  expect(patched.statusCode).toBe(204);
  return uploadId;
}
