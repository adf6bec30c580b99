import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { Form, Str, parseJsonObject, typed } from '../http/schemas.ts';
import { requireViewer } from '../http/session.ts';
import { newId } from '../ids.ts';
import { inspectJpeg, type JpegLimits } from '../media/images.ts';
import { storyPlaceholder } from '../stories/placeholder.ts';
import { saveSmallPicture, smallStoryKey } from '../stories/variant.ts';
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

/** The story canvas (content spec §9 / DESIGN "Story"): every stored story is 1080×1920. */
export const STORY_WIDTH = 1080;
export const STORY_HEIGHT = 1920;
/** Stories expire 24 h after they are taken. */
export const STORY_LIFETIME_SECONDS = 24 * 3600;
/** The staging limits of /create/upload/photo/: long side at most the story canvas. */
const STORY_LIMITS: JpegLimits = { minSide: 100, maxLongSide: STORY_HEIGHT };
/**
 * 9:16 "-ish": the composer always renders exactly 1080×1920, but another client may send a
 * slightly different portrait frame (e.g. 1080×1900). Those are covered to 1080×1920; anything
 * further from 9:16 (landscape, square) would lose too much of the picture and is refused.
 */
const MIN_PORTRAIT_RATIO = 1.6;
const MAX_PORTRAIT_RATIO = 2.0;
export const NOT_PORTRAIT_MESSAGE = 'A story photo must be upright, in the 9:16 story format.';
export const BAD_TEXT_DATA = 'The story text data is not valid.';
/** Matches the caption limit; the text is already burnt into the picture. */
import { STORY_TEXT_MAX_LENGTH as MAX_STORY_TEXT } from '../../common/limits.ts';

/** Spec §7: "story upload id and text data" (plus the composer's log data, for the record). */
const ConfigureStoryBody = Form({
  upload_id: Type.Optional(Str(40)),
  text_data: Type.Optional(Str(8000)),
  entry_point: Type.Optional(Str(64)),
});

export const storyMediaKey = (itemId: string) => `s/${itemId}/${STORY_WIDTH}.jpg`;

/**
 * The text placed on the story. The pixels already carry it, so it is only checked and logged
 * (what a moderation or analytics pipeline would store); a malformed value is a client bug: 400.
 */
export function parseStoryTextData(raw: string | undefined): Record<string, unknown> | null {
  if (raw === undefined || raw.trim() === '') return null;
  const data = parseJsonObject(raw);
  if (!data) throw badRequest(BAD_TEXT_DATA);
  const text = data.rawText ?? data.text ?? '';
  if (typeof text !== 'string' || text.length > MAX_STORY_TEXT) throw badRequest(BAD_TEXT_DATA);
  return data;
}

/**
 * Checks the staged upload is a real portrait JPEG and returns the stored story image: exactly
 * 1080×1920, re-encoded upright with no metadata (EXIF/GPS never reach viewers).
 */
export async function storyImage(bytes: Buffer): Promise<Buffer> {
  const { width, height } = await inspectJpeg(bytes, STORY_LIMITS);
  const ratio = height / width;
  if (ratio < MIN_PORTRAIT_RATIO || ratio > MAX_PORTRAIT_RATIO) {
    throw badRequest(NOT_PORTRAIT_MESSAGE);
  }
  // rotate() applies the EXIF orientation; sharp writes no metadata unless asked to.
  return sharp(bytes)
    .rotate()
    .resize(STORY_WIDTH, STORY_HEIGHT, { fit: 'cover', position: 'centre' })
    .toColourspace('srgb')
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** POST /create/configure_to_story/: turns the caller's staged upload into a live story item. */
export async function storyCreateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = openUploadStore(ctx.config);

  typed(app).post(
    '/create/configure_to_story/',
    { schema: { body: ConfigureStoryBody } },
    async (req, reply) => {
      const viewer = requireViewer(req);
      const uploadId = req.body.upload_id ?? '';
      if (!UPLOAD_ID_PATTERN.test(uploadId)) throw badRequest('A valid upload_id is required.');
      const textData = parseStoryTextData(req.body.text_data);
      const upload = await findOwnUpload(ctx, viewer.id, uploadId);
      if (upload.width > 0) throw badRequest(ALREADY_SHARED);
      const bytes = await readCompleteUpload(store, upload.storage_key);
      const image = await storyImage(bytes);
      const placeholder = await storyPlaceholder(image);
      await claimUpload(ctx, upload, { width: STORY_WIDTH, height: STORY_HEIGHT });

      const itemId = newId();
      const mediaKey = storyMediaKey(itemId);
      const takenAt = ctx.now();
      try {
        await ctx.storage.put(mediaKey, image);
        // The smaller copy a desktop viewer fetches (server/stories/variant.ts). Failing to make
        // it does not fail the story: the item lists the original alone until a payload fills it.
        const smallWidth = await saveSmallPicture(ctx.storage, mediaKey, image).catch(
          (error: unknown) => {
            req.log.warn({ err: error }, 'story: the smaller copy was not saved');
            return null;
          },
        );
        await ctx.db
          .insertInto('story_items')
          .values({
            id: itemId,
            owner_id: viewer.id,
            media_key: mediaKey,
            width: STORY_WIDTH,
            height: STORY_HEIGHT,
            is_video: 0,
            video_key: null,
            video_duration: null,
            taken_at: takenAt,
            expiring_at: takenAt + STORY_LIFETIME_SECONDS,
            placeholder,
            small_width: smallWidth,
          })
          .execute();
      } catch (err) {
        req.log.error({ err }, 'configure_to_story failed');
        await releaseUpload(ctx, upload);
        await ctx.storage.remove(mediaKey).catch(() => undefined);
        await ctx.storage.remove(smallStoryKey(mediaKey)).catch(() => undefined);
        return reply.code(400).send({
          status: 'fail',
          message: 'Something went wrong while sharing your story. Please try again.',
        });
      }
      req.log.info(
        { storyItem: itemId, textData, entryPoint: req.body.entry_point },
        'story configured',
      );
      await discardUploadFile(store, upload.storage_key);
      return { media: { pk: itemId, id: `${itemId}_${viewer.id}` }, status: 'ok' };
    },
  );
}
