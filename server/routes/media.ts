import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { isSafeKey } from '../media/storage.ts';
import { isPagePath } from './pages.ts';

// A neutral silhouette for users without a profile picture (DEFAULT_AVATAR_URL in http/users.ts).
const DEFAULT_AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 150 150">
<rect width="150" height="150" fill="#dbdbdb"/>
<circle cx="75" cy="58" r="28" fill="#fff"/>
<path d="M24 142c4-30 25-46 51-46s47 16 51 46z" fill="#fff"/>
</svg>`;

/** Media keys never change content (new uploads get new keys), so browsers may cache forever. */
const MEDIA_CACHE = { maxAge: '365d', immutable: true } as const;

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
    const file = ctx.storage.filePath(key);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) throw notFound('Media not found.');
    // @fastify/send picks the content type from the extension and answers Range requests
    // (video seeking) and conditional requests.
    return reply
      .header('X-Content-Type-Options', 'nosniff')
      .sendFile(path.basename(file), path.dirname(file), MEDIA_CACHE);
  });
}
