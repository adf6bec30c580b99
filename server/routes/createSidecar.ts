import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { PostChildrenTable, UploadsTable } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { Form, Str, typed } from '../http/schemas.ts';
import { requireViewer } from '../http/session.ts';
import { newId, newShortcode } from '../ids.ts';
import {
  cleanJpeg,
  inspectJpeg,
  removePostImages,
  squareThumbnail,
  storePostImages,
} from '../media/images.ts';
import { THUMBNAIL_SIZES, thumbnailKey } from '../media/storage.ts';
import {
  ALREADY_SHARED,
  UPLOAD_ID_PATTERN,
  claimUpload,
  discardUploadFile,
  findOwnUpload,
  openUploadStore,
  readCompleteUpload,
  releaseUpload,
} from '../media/tus.ts';
import { parseAccessibilityCaption } from '../content/altText.ts';
import { notifyMentions } from '../content/notifications.ts';
import { notifyUserTags, parseUserTags, resolveUserTags } from '../content/userTags.ts';
import { insertNewPost, parseCaption, parseGeotag, resolveLocation } from './create.ts';

/** A carousel holds 2 to CAROUSEL_MAX_PHOTOS photos (issue 19 asks for up to 10). */
export const CAROUSEL_MAX_PHOTOS = 10;
const BAD_CHILDREN = `A carousel needs 2 to ${CAROUSEL_MAX_PHOTOS} photos, each with its upload_id.`;

/**
 * Carousel configure (issue 19): like /create/configure/ (caption, optional location), plus
 * `children_metadata`, a JSON list in display order of {upload_id, accessibility_caption?}.
 */
const SidecarBody = Form({
  caption: Type.Optional(Str(20000)),
  location: Type.Optional(Str(4000)),
  children_metadata: Type.Optional(Str(20000)),
  /** People tagged in the post, placed on its first photo (server/content/userTags.ts). */
  usertags: Type.Optional(Str(8000)),
});

interface ChildInput {
  uploadId: string;
  alt: string | null;
}

function parseChildren(raw: string | undefined): ChildInput[] {
  let list: unknown;
  try {
    list = JSON.parse(raw ?? '');
  } catch {
    throw badRequest(BAD_CHILDREN);
  }
  if (!Array.isArray(list) || list.length < 2 || list.length > CAROUSEL_MAX_PHOTOS) {
    throw badRequest(BAD_CHILDREN);
  }
  const children = (list as unknown[]).map((item) => {
    const { upload_id: uploadId, accessibility_caption: alt } = (item ?? {}) as Record<
      string,
      unknown
    >;
    if (typeof uploadId !== 'string' || !UPLOAD_ID_PATTERN.test(uploadId)) {
      throw badRequest(BAD_CHILDREN);
    }
    if (alt !== undefined && alt !== null && typeof alt !== 'string') {
      throw badRequest(BAD_CHILDREN);
    }
    return { uploadId, alt: parseAccessibilityCaption(alt ?? '') };
  });
  if (new Set(children.map((c) => c.uploadId)).size !== children.length) {
    throw badRequest('Each photo of a carousel must be a different upload.');
  }
  return children;
}

/** A carousel photo's display image (metadata stripped) and square thumbnails. */
async function storeChildImage(ctx: AppContext, key: string, bytes: Buffer) {
  const clean = await cleanJpeg(bytes);
  await ctx.storage.put(key, clean.data);
  for (const size of THUMBNAIL_SIZES) {
    await ctx.storage.put(thumbnailKey(key, size), await squareThumbnail(clean.data, size));
  }
  return { width: clean.width, height: clean.height };
}

async function removeChildImages(ctx: AppContext, keys: string[]) {
  for (const key of keys) {
    await ctx.storage.remove(key).catch(() => undefined);
    for (const size of THUMBNAIL_SIZES) {
      await ctx.storage.remove(thumbnailKey(key, size)).catch(() => undefined);
    }
  }
}

export async function createSidecarRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = openUploadStore(ctx.config);

  typed(app).post(
    '/create/configure_sidecar/',
    { schema: { body: SidecarBody } },
    async (req, reply) => {
      const viewer = requireViewer(req);
      const caption = parseCaption(req.body.caption);
      const geotag = parseGeotag(req.body);
      const inputs = parseChildren(req.body.children_metadata);
      const userTags = await resolveUserTags(ctx, viewer.id, parseUserTags(req.body.usertags));

      // Every photo is checked (own, finished, a real JPEG, not yet shared) before any is claimed.
      const staged: { upload: UploadsTable; bytes: Buffer; alt: string | null }[] = [];
      for (const input of inputs) {
        const upload = await findOwnUpload(ctx, viewer.id, input.uploadId);
        if (upload.width > 0) throw badRequest(ALREADY_SHARED);
        const bytes = await readCompleteUpload(store, upload.storage_key);
        staged.push({ upload, bytes, alt: input.alt });
      }
      const sizes = [];
      for (const item of staged) sizes.push(await inspectJpeg(item.bytes));
      const claimed: UploadsTable[] = [];
      try {
        for (const [i, item] of staged.entries()) {
          await claimUpload(ctx, item.upload, sizes[i]);
          claimed.push(item.upload);
        }
      } catch (err) {
        for (const upload of claimed) await releaseUpload(ctx, upload);
        throw err;
      }

      const postId = newId();
      const shortcode = newShortcode();
      let coverKey: string | null = null;
      const childKeys: string[] = [];
      try {
        const cover = await storePostImages(ctx, postId, staged[0].bytes);
        coverKey = cover.mediaKey;
        const children: PostChildrenTable[] = [];
        for (const [i, item] of staged.entries()) {
          const key = `p/${postId}/c${i + 1}.jpg`;
          childKeys.push(key);
          const size = await storeChildImage(ctx, key, item.bytes);
          children.push({
            id: newId(),
            post_id: postId,
            position: i,
            ...size,
            media_key: key,
            is_video: 0,
            video_key: null,
            accessibility_caption: item.alt,
          });
        }
        const locationId = geotag ? await resolveLocation(ctx, viewer.id, geotag) : null;
        await ctx.db.transaction().execute(async (trx) => {
          await insertNewPost(trx, {
            id: postId,
            shortcode,
            ownerId: viewer.id,
            caption,
            // The cover (grids, notifications) is the first photo, described as it is.
            accessibilityCaption: staged[0].alt,
            mediaType: 8,
            width: cover.width,
            height: cover.height,
            mediaKey: cover.mediaKey,
            locationId,
            takenAt: ctx.now(),
            userTags,
          });
          await trx.insertInto('post_children').values(children).execute();
        });
      } catch (err) {
        req.log.error({ err }, 'configure_sidecar failed');
        for (const upload of claimed) await releaseUpload(ctx, upload);
        if (coverKey) await removePostImages(ctx, coverKey);
        await removeChildImages(ctx, childKeys);
        return reply.code(400).send({
          status: 'fail',
          error_title: 'Your photos could not be shared',
          message: 'Something went wrong while sharing your photos. Please try again.',
        });
      }
      await notifyMentions(ctx, caption, viewer.id, postId, [viewer.id]);
      await notifyUserTags(ctx, viewer.id, postId, userTags);
      for (const item of staged) await discardUploadFile(store, item.upload.storage_key);
      return {
        media: { pk: postId, id: `${postId}_${viewer.id}`, code: shortcode },
        status: 'ok',
      };
    },
  );
}
