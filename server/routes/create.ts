import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Transaction } from 'kysely';
import type { Database, LocationsTable } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { Form, FormFlag, Str, parseFlag, parseJsonObject, typed } from '../http/schemas.ts';
import { requireViewer } from '../http/session.ts';
import { newId, newShortcode } from '../ids.ts';
import { inspectJpeg, removePostImages, storePostImages } from '../media/images.ts';
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
import { notifyMentions } from '../content/notifications.ts';
import { parseAccessibilityCaption } from '../content/altText.ts';
import {
  insertUserTags,
  notifyUserTags,
  parseUserTags,
  resolveUserTags,
  type UserTag,
} from '../content/userTags.ts';
import { placeVisibleTo } from './locationSearch.ts';
import { extractHashtags } from '../../common/linkify.ts';

import { CAPTION_MAX_LENGTH as MAX_CAPTION_LENGTH } from '../../common/limits.ts';
export { MAX_CAPTION_LENGTH };
/** Caps the rows one caption can add (Instagram allows 30 hashtags per post). */
export const MAX_HASHTAGS = 30;

/** What a new photo post or carousel cover row needs; the rest starts at its default. */
export interface NewPost {
  id: string;
  shortcode: string;
  ownerId: string;
  caption: string;
  accessibilityCaption: string | null;
  mediaType: 1 | 8;
  width: number;
  height: number;
  mediaKey: string;
  locationId: string | null;
  takenAt: number;
  /** The people tagged on the photo (usertags). */
  userTags: UserTag[];
}

/** A new post's row, its caption's hashtags (the first MAX_HASHTAGS) and its tags, in `trx`. */
export async function insertNewPost(trx: Transaction<Database>, post: NewPost): Promise<void> {
  await trx
    .insertInto('posts')
    .values({
      id: post.id,
      shortcode: post.shortcode,
      owner_id: post.ownerId,
      caption: post.caption,
      caption_is_edited: 0,
      accessibility_caption: post.accessibilityCaption,
      media_type: post.mediaType,
      width: post.width,
      height: post.height,
      media_key: post.mediaKey,
      video_key: null,
      video_duration: null,
      video_view_count: 0,
      location_id: post.locationId,
      comments_disabled: 0,
      taken_at: post.takenAt,
      like_count: 0,
    })
    .execute();
  const tags = extractHashtags(post.caption).slice(0, MAX_HASHTAGS);
  if (tags.length > 0) {
    await trx
      .insertInto('post_hashtags')
      .values(tags.map((hashtag) => ({ post_id: post.id, hashtag })))
      .execute();
  }
  await insertUserTags(trx, post.id, post.userTags);
}
const BAD_LOCATION = 'The location is not valid.';

/**
 * Post configure body (content spec §3): upload_id, caption and an optional geotag. The geotag is
 * accepted in two shapes: `location` as a JSON string {lat, lng, external_id, name?, address?,
 * external_id_source?} (what our client sends), or the flattened form fields geotag_enabled=1,
 * lat, lng, external_id (plus optional location_name/address/external_id_source).
 */
const ConfigureBody = Form({
  upload_id: Type.Optional(Str(40)),
  caption: Type.Optional(Str(20000)),
  /** Alt text (issue 19): at most ACCESSIBILITY_CAPTION_MAX_LENGTH characters once trimmed. */
  accessibility_caption: Type.Optional(Str(2000)),
  location: Type.Optional(Str(4000)),
  geotag_enabled: Type.Optional(FormFlag),
  lat: Type.Optional(Str(40)),
  lng: Type.Optional(Str(40)),
  external_id: Type.Optional(Str(200)),
  external_id_source: Type.Optional(Str(100)),
  location_name: Type.Optional(Str(200)),
  address: Type.Optional(Str(300)),
  /** People tagged on the photo: server/content/userTags.ts parseUserTags. */
  usertags: Type.Optional(Str(8000)),
});
type ConfigureFields = typeof ConfigureBody.static;

export interface Geotag {
  lat: number;
  lng: number;
  external_id: string;
  external_id_source: string;
  name: string;
  address: string;
}

/** A caption as posted: trimmed, at most MAX_CAPTION_LENGTH characters (else a 400). */
export function parseCaption(raw: string | undefined): string {
  const caption = (raw ?? '').trim();
  if (caption.length > MAX_CAPTION_LENGTH) {
    throw badRequest(`The caption can be at most ${MAX_CAPTION_LENGTH} characters.`);
  }
  return caption;
}

const text = (v: unknown, max: number) =>
  typeof v === 'string' ? v.trim().slice(0, max) : typeof v === 'number' ? String(v) : '';

function toGeotag(raw: Record<string, unknown>): Geotag {
  const num = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
  const lat = num(raw.lat);
  const lng = num(raw.lng);
  const externalId = text(raw.external_id, 200);
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) {
    throw badRequest(BAD_LOCATION);
  }
  if (typeof lng !== 'number' || !Number.isFinite(lng) || lng < -180 || lng > 180) {
    throw badRequest(BAD_LOCATION);
  }
  if (!externalId) throw badRequest(BAD_LOCATION);
  return {
    lat,
    lng,
    external_id: externalId,
    external_id_source: text(raw.external_id_source, 100),
    name: text(raw.name ?? raw.location_name, 200),
    address: text(raw.address, 300),
  };
}

/** The geotag of a configure body, or null when none was given. */
export function parseGeotag(body: Partial<ConfigureFields>): Geotag | null {
  if (body.location !== undefined && body.location.trim() !== '') {
    const raw = parseJsonObject(body.location);
    if (!raw) throw badRequest(BAD_LOCATION);
    return toGeotag(raw);
  }
  if (parseFlag(body.geotag_enabled) || (body.lat !== undefined && body.external_id)) {
    return toGeotag(body);
  }
  return null;
}

const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'place';

/**
 * A known venue by external_id (or by our own id, which location_search reports as external_id
 * for directory entries without one); otherwise a new location outside the city directory. Only
 * a venue the member may see is reused: tagging another member's hidden place by its external_id
 * would otherwise put that place's name and address on the tagger's own post.
 */
export async function resolveLocation(
  ctx: AppContext,
  viewerId: string,
  tag: Geotag,
): Promise<string> {
  const known = await ctx.db
    .selectFrom('locations')
    .select('id')
    .where((eb) =>
      /^[0-9]+$/.test(tag.external_id)
        ? eb.or([
            eb('external_id', '=', tag.external_id),
            eb.and([eb('id', '=', tag.external_id), eb('has_public_page', '=', 1)]),
          ])
        : eb('external_id', '=', tag.external_id),
    )
    .where((eb) => placeVisibleTo(eb, viewerId))
    .orderBy('id')
    .executeTakeFirst();
  if (known) return known.id;
  const name = tag.name || tag.address || `${tag.lat.toFixed(4)}, ${tag.lng.toFixed(4)}`;
  const row: LocationsTable = {
    id: newId(),
    city_id: null,
    name,
    slug: slugify(name),
    lat: tag.lat,
    lng: tag.lng,
    address: tag.address,
    external_id: tag.external_id,
    external_id_source: tag.external_id_source,
    // Not a directory place: searches and the place's reuse go by its posts (placeVisibleTo).
    has_public_page: 0,
  };
  await ctx.db.insertInto('locations').values(row).execute();
  return row.id;
}

export async function createRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = openUploadStore(ctx.config);

  typed(app).post('/create/configure/', { schema: { body: ConfigureBody } }, async (req, reply) => {
    const viewer = requireViewer(req);
    const uploadId = req.body.upload_id ?? '';
    if (!UPLOAD_ID_PATTERN.test(uploadId)) throw badRequest('A valid upload_id is required.');
    const caption = parseCaption(req.body.caption);
    const accessibilityCaption = parseAccessibilityCaption(req.body.accessibility_caption);
    const geotag = parseGeotag(req.body);
    const userTags = await resolveUserTags(ctx, viewer.id, parseUserTags(req.body.usertags));
    const upload = await findOwnUpload(ctx, viewer.id, uploadId);
    if (upload.width > 0) throw badRequest(ALREADY_SHARED);
    const bytes = await readCompleteUpload(store, upload.storage_key);
    const size = await inspectJpeg(bytes);
    await claimUpload(ctx, upload, size);

    const postId = newId();
    const shortcode = newShortcode();
    let mediaKey: string | null = null;
    try {
      const image = await storePostImages(ctx, postId, bytes);
      mediaKey = image.mediaKey;
      const locationId = geotag ? await resolveLocation(ctx, viewer.id, geotag) : null;
      await ctx.db.transaction().execute((trx) =>
        insertNewPost(trx, {
          id: postId,
          shortcode,
          ownerId: viewer.id,
          caption,
          accessibilityCaption,
          mediaType: 1,
          width: image.width,
          height: image.height,
          mediaKey: image.mediaKey,
          locationId,
          takenAt: ctx.now(),
          userTags,
        }),
      );
    } catch (err) {
      req.log.error({ err }, 'configure failed');
      await releaseUpload(ctx, upload);
      if (mediaKey) await removePostImages(ctx, mediaKey);
      return reply.code(400).send({
        status: 'fail',
        error_title: 'Your photo could not be shared',
        message: 'Something went wrong while sharing your photo. Please try again.',
      });
    }
    await notifyMentions(ctx, caption, viewer.id, postId, [viewer.id]);
    await notifyUserTags(ctx, viewer.id, postId, userTags);
    await discardUploadFile(store, upload.storage_key);
    return {
      media: { pk: postId, id: `${postId}_${viewer.id}`, code: shortcode },
      status: 'ok',
    };
  });
}
