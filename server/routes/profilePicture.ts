import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import { readMultipart } from '../http/multipart.ts';
import { requireViewer } from '../http/session.ts';
import { profilePicUrl, profilePicUrlHd } from '../http/users.ts';
import { randomToken } from '../ids.ts';

/** Avatars may arrive straight from a camera, so the limit is on bytes, not on pixels. */
export const PROFILE_PIC_MAX_BYTES = 10 * 1024 * 1024;
/** Decompression-bomb guard: a 10 MB PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 60_000_000;
const AVATAR_SIZES = [320, 150] as const;

const NOT_AN_IMAGE = 'The profile photo must be a JPEG or PNG image.';

/**
 * Each change gets a fresh folder `a/<userId>/<version>/`, so the URLs change and no cache keeps
 * the old face; `320.jpg` is profile_pic_key and `150.jpg` its sibling (server/http/users.ts).
 */
const avatarKey = (userId: string, version: string, size: number) =>
  `a/${userId}/${version}/${size}.jpg`;

async function squareAvatars(buf: Buffer): Promise<Map<number, Buffer>> {
  try {
    const meta = await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.format !== 'jpeg' && meta.format !== 'png') throw badRequest(NOT_AN_IMAGE);
    const out = new Map<number, Buffer>();
    for (const size of AVATAR_SIZES) {
      // rotate() applies EXIF orientation; the JPEG output carries no metadata (no GPS).
      const data = await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' })
        .rotate()
        .resize(size, size, { fit: 'cover', position: 'centre' })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: 88 })
        .toBuffer();
      out.set(size, data);
    }
    return out;
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw badRequest('The profile photo could not be read. Please try another photo.');
  }
}

async function removeAvatarFiles(ctx: AppContext, key: string | null) {
  if (!key) return;
  const folder = key.replace(/\/320\.jpg$/, '');
  for (const size of AVATAR_SIZES) await ctx.storage.remove(`${folder}/${size}.jpg`);
}

async function pictureAnswer(ctx: AppContext, user: UsersTable, changed: boolean) {
  const post = await ctx.db
    .selectFrom('posts')
    .select('id')
    .where('owner_id', '=', user.id)
    .executeTakeFirst();
  return {
    changed_profile: changed,
    // Spec §4: a first-post upsell with the new picture, for members who have not posted yet.
    profile_pic_to_post_upsell_eligible: changed && user.profile_pic_key !== null && !post,
    profile_pic_url: profilePicUrl(user),
    profile_pic_url_hd: profilePicUrlHd(user),
    has_profile_pic: user.profile_pic_key !== null,
    status: 'ok',
  };
}

/** Only a body with nothing in it asks for removal (the client sends an empty form). */
function isEmptyBody(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return true;
  return typeof body === 'object' && Object.keys(body).length === 0;
}

/** POST /accounts/web_change_profile_picture/: multipart `profile_pic`; no file removes it. */
export async function profilePictureRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/accounts/web_change_profile_picture/', async (req) => {
    const viewer = requireViewer(req);
    let picture: Buffer | null = null;
    if (req.isMultipart()) {
      // A file past the limit answers 413, a malformed body 400 (readMultipart).
      const { files } = await readMultipart(req, { fileSize: PROFILE_PIC_MAX_BYTES });
      picture = files.profile_pic ?? null;
      // An upload that lost its file must not be taken for "remove my picture".
      if (!picture || picture.length === 0) throw badRequest('Choose a photo to upload.');
    } else if (!isEmptyBody(req.body)) {
      throw badRequest('Send the picture as a profile_pic file, or nothing to remove it.');
    }
    const oldKey = viewer.profile_pic_key;
    let newKey: string | null = null;
    if (picture) {
      const avatars = await squareAvatars(picture);
      const version = randomToken(9);
      for (const [size, data] of avatars)
        await ctx.storage.put(avatarKey(viewer.id, version, size), data);
      newKey = avatarKey(viewer.id, version, 320);
    }
    await ctx.db
      .updateTable('users')
      .set({ profile_pic_key: newKey })
      .where('id', '=', viewer.id)
      .execute();
    await removeAvatarFiles(ctx, oldKey);
    return pictureAnswer(
      ctx,
      { ...viewer, profile_pic_key: newKey },
      picture !== null || oldKey !== null,
    );
  });
}
