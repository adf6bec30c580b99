import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { readMultipart } from '../http/multipart.ts';
import { requireViewer } from '../http/session.ts';
import { inspectJpeg, type JpegLimits } from '../media/images.ts';
import { RedisLocker } from '../media/redisLocker.ts';
import {
  TUS_PATH,
  UPLOAD_ID_PATTERN,
  bindViewer,
  createTusServer,
  discardUploadFile,
  openUploadStore,
  registerUpload,
  scheduleUploadSweeps,
  storeFormUpload,
} from '../media/tus.ts';

/**
 * The staging step accepts any real JPEG up to the story canvas (1080×1920); each configure call
 * then applies its own limits (posts: long side 1080).
 */
const STAGING_LIMITS: JpegLimits = { minSide: 100, maxLongSide: 1920 };

/**
 * Uploads: the tus 1.0 endpoint at /create/upload/resumable/ (POST creates, HEAD reports the
 * offset, PATCH appends, DELETE terminates) and the seed's single-shot POST /create/upload/photo/.
 * Both need a logged-in viewer; the global CSRF hook covers POST/PATCH/DELETE (tus-js-client sends
 * X-CSRFToken and X-Requested-With with every request).
 */
export async function uploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = openUploadStore(ctx.config);
  // With REDIS_URL every server shares the upload locks; without it they are in this process.
  const locker = ctx.redis ? new RedisLocker(ctx.redis) : undefined;
  if (locker) app.addHook('onClose', () => locker.close());
  const tus = createTusServer(ctx, store, locker);
  // Abandoned uploads are deleted in the background; the timer stops with the app.
  const stopSweeps = scheduleUploadSweeps(ctx, store, (err) =>
    app.log.error({ err }, 'upload sweep failed'),
  );
  app.addHook('onClose', stopSweeps);

  // tus reads PATCH bodies itself from the raw stream; Fastify must leave them unconsumed.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

  const handleTus = async (req: FastifyRequest, reply: FastifyReply) => {
    // OPTIONS only describes the server (tus discovery); everything else is per user.
    if (req.method !== 'OPTIONS') bindViewer(req.raw, requireViewer(req));
    reply.hijack();
    try {
      await tus.handle(req.raw, reply.raw);
    } catch (err) {
      req.log.error({ err }, 'tus upload failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json' });
        reply.raw.end(JSON.stringify({ status: 'fail', message: 'The upload failed.' }));
      }
    }
  };
  app.route({ method: ['POST', 'OPTIONS'], url: `${TUS_PATH}/`, handler: handleTus });
  app.route({
    method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
    url: `${TUS_PATH}/:fileId`,
    handler: handleTus,
  });

  // Multipart: upload_id, photo (the JPEG file), media_type (1 = photo).
  app.post('/create/upload/photo/', async (req) => {
    const viewer = requireViewer(req);
    if (!req.isMultipart()) throw badRequest('The photo must be sent as a multipart form.');
    const { fields, files } = await readMultipart(req);
    const photo = files.photo ?? null;
    const uploadId = fields.upload_id ?? '';
    if (!UPLOAD_ID_PATTERN.test(uploadId)) throw badRequest('A valid upload_id is required.');
    if ((fields.media_type ?? '1') !== '1') throw badRequest('Only photos can be uploaded here.');
    if (!photo || photo.length === 0) throw badRequest('Please choose a photo to upload.');
    await inspectJpeg(photo, STAGING_LIMITS);
    const fileId = await storeFormUpload(store, viewer.id, photo);
    try {
      await registerUpload(ctx, store, viewer.id, uploadId, fileId, photo.length);
    } catch (e) {
      await discardUploadFile(store, fileId);
      throw e;
    }
    return { upload_id: uploadId, status: 'ok' };
  });
}
