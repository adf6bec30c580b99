import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors.ts';
import type { ObjectStorage, StoredObject } from '../media/storage.ts';

/*
 * With S3 storage the server streams each file from the bucket itself, after the same access
 * check as on disk, rather than redirecting to a short-lived presigned URL. Measured with
 * scripts/cluster/s3-reads.ts (a private post's 35 KB photo read by its owner, Ceph RADOS
 * Gateway on loopback, 2 cores at load 14-18, three runs):
 *   p50 per image: stream 8-13 ms, redirect 17-47 ms (disk 7-10 ms, the bucket alone 4-7 ms);
 *   8 in flight: stream 49-96 req/s, redirect 48-119 req/s (disk 186-203).
 * The redirect spends a second round trip on every image, which a feed of photos pays in full;
 * it saves the server relaying the bytes, which here gained little because the gateway shares the
 * machine. Beside the numbers:
 * - a redirect puts the bucket's origin into every <img>: the Content-Security-Policy
 *   (img-src/media-src 'self'), Cross-Origin-Resource-Policy and the story viewer's WebGL
 *   textures (CORS) would need the bucket opened to browsers, and its address public, where
 *   today it can stay on a private network behind the servers;
 * - a presigned URL changes with every signature, so the browser's cache of /media/… (a year for
 *   public files) would be lost to a fresh redirect per view.
 * Range and conditional requests (video seeking, revalidation) are passed to the bucket.
 */
export async function sendStoredObject(
  storage: ObjectStorage,
  key: string,
  req: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
  notFoundMessage: string,
) {
  const header = (name: string) => {
    const value = req.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  let stored: StoredObject | null;
  try {
    stored = await storage.open(key, {
      range: header('range'),
      ifNoneMatch: header('if-none-match'),
      ifModifiedSince: header('if-modified-since'),
      headOnly: req.method === 'HEAD',
    });
  } catch (err) {
    // The bucket did not answer: a passing failure of ours, worth a retry, not a missing file.
    req.log.error({ err, key }, 'media read from the bucket failed');
    return reply.code(503).header('Cache-Control', 'no-store').header('Retry-After', '5').send({
      status: 'fail',
      message: 'This photo is not available right now. Please try again.',
    });
  }
  if (!stored) throw notFound(notFoundMessage);
  if (stored.status === 416) {
    return reply
      .code(416)
      .send({ status: 'fail', message: 'The requested range is not available.' });
  }
  reply
    .code(stored.status)
    .headers(stored.headers)
    .header('Cache-Control', cacheControl)
    .header('X-Content-Type-Options', 'nosniff');
  if (stored.status === 304) return reply.send();
  // HEAD (Fastify's automatic route) keeps the object's content-length only for a stream body.
  return reply.send(stored.body ?? Readable.from([]));
}
