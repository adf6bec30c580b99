import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors.ts';
import type { S3Storage } from '../media/s3Storage.ts';

/*
 * With S3 storage the server streams each file from the bucket itself, after the same access
 * check as on disk, rather than redirecting to a short-lived presigned URL. Measured with
 * scripts/cluster/s3-reads.ts (the figures are in the comment at its top); beside the numbers:
 * - a redirect puts the bucket's origin into every <img>: the Content-Security-Policy
 *   (img-src/media-src 'self') and the story viewer's WebGL textures (CORS) would need the bucket
 *   opened to browsers, and the bucket's address public, where today it can stay on a private
 *   network behind the servers;
 * - a presigned URL changes with every signature, so the browser's cache of /media/… (a year for
 *   public files) would be lost to a fresh redirect per view.
 * Range and conditional requests (video seeking, revalidation) are passed to the bucket.
 */
export async function sendStoredObject(
  storage: S3Storage,
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
  const stored = await storage.open(key, {
    range: header('range'),
    ifNoneMatch: header('if-none-match'),
    ifModifiedSince: header('if-modified-since'),
    headOnly: req.method === 'HEAD',
  });
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
