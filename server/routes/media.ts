import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { loadViewer, SESSION_COOKIE } from '../http/session.ts';
import { gateOpen, mediaGate, type MediaGate } from '../media/access.ts';
import { DiskStorage, isObjectStorage, isSafeKey } from '../media/storage.ts';
import { sendStoredObject } from './mediaFromBucket.ts';
import { isPagePath } from './pages.ts';

// A neutral silhouette for users without a profile picture (DEFAULT_AVATAR_URL in http/users.ts).
const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 150 150">
<rect width="150" height="150" fill="#dbdbdb"/>
<circle cx="75" cy="58" r="28" fill="#fff"/>
<path d="M24 142c4-30 25-46 51-46s47 16 51 46z" fill="#fff"/>
</svg>`;

/** Media keys never change content (new uploads get new keys), so browsers may cache forever. */
const MEDIA_CACHE = { maxAge: '365d', immutable: true } as const;
const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * Post and story files depend on who asks (private accounts, blocks, expiry): only the viewer's
 * browser may keep them, never a shared cache that would hand them to someone else. A day, not
 * forever, so a revoked follow or a block is not outlived by a browser cache for long.
 */
const GATED_CACHE_CONTROL = 'private, max-age=86400';
/** A refusal is not kept at all: the follow request accepted a minute later must show the file. */
const GATED_REFUSAL_CACHE_CONTROL = 'private, no-store';
const MEDIA_NOT_FOUND = 'Media not found.';

/**
 * 404 unless the requesting viewer may see the post or story item behind `gate` (ids are
 * guessable). The session hook skips /media/ since most files are public, so the viewer is loaded
 * here, only for these files. Hidden and missing answer alike, so a guessed id tells nothing.
 */
async function checkGate(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  gate: MediaGate,
): Promise<void> {
  // Set before any 404 below: the error answer keeps it.
  reply.header('Cache-Control', GATED_REFUSAL_CACHE_CONTROL).header('Vary', 'Cookie');
  const viewer = await loadViewer(ctx, req.cookies[SESSION_COOKIE]);
  if (!(await gateOpen(ctx, viewer?.id ?? null, gate))) throw notFound(MEDIA_NOT_FOUND);
}

export async function mediaRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/media/default/avatar.svg', async (_req, reply) => {
    return reply
      .type('image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .send(DEFAULT_AVATAR_SVG);
  });

  app.get<{ Params: { '*': string } }>('/media/*', async (req, reply) => {
    const key = req.params['*'];
    // /media/{mediaId}/flag/ is the report page, not a file: the app answers it.
    if (isPagePath(`/media/${key}`)) return reply.callNotFound();
    if (!isSafeKey(key)) throw badRequest('Invalid media path.');
    const gate = mediaGate(key);
    if (gate) await checkGate(ctx, req, reply, gate);
    const cacheControl = gate ? GATED_CACHE_CONTROL : MEDIA_CACHE_CONTROL;
    if (isObjectStorage(ctx.storage)) {
      return sendStoredObject(ctx.storage, key, req, reply, cacheControl, MEDIA_NOT_FOUND);
    }
    if (!(ctx.storage instanceof DiskStorage)) throw notFound(MEDIA_NOT_FOUND);
    const file = ctx.storage.filePath(key);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) throw notFound(MEDIA_NOT_FOUND);
    // Gated files carry our own private Cache-Control; send's would say public.
    if (gate) reply.header('Cache-Control', GATED_CACHE_CONTROL);
    // @fastify/send picks the content type from the extension and answers Range requests
    // (video seeking) and conditional requests.
    return reply
      .header('X-Content-Type-Options', 'nosniff')
      .sendFile(
        path.basename(file),
        path.dirname(file),
        gate ? { cacheControl: false } : MEDIA_CACHE,
      );
  });
}
