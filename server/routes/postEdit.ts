import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { Form, Str, typed } from '../http/schemas.ts';
import { requireViewer } from '../http/session.ts';
import { visiblePost } from '../content/access.ts';
import { parseAccessibilityCaption } from '../content/altText.ts';
import { postPageOptions } from '../content/feeds.ts';
import { mentionedUsernames, notifyMentions } from '../content/notifications.ts';
import { IdParams, mediaPk } from '../content/params.ts';
import { loadWirePosts } from '../content/posts.ts';
import {
  insertUserTags,
  notifyUserTags,
  parseUserTags,
  resolveUserTags,
} from '../content/userTags.ts';
import { MAX_HASHTAGS, parseCaption, parseGeotag, resolveLocation } from './create.ts';
import { extractHashtags } from '../../common/linkify.ts';

/**
 * Edit a shared post (issue 19): caption, alt text, location and tagged people, validated as at
 * configure. A field left out keeps its value; an empty `location` removes the place, an empty
 * `accessibility_caption` goes back to the generated description. `children` is a JSON list of
 * {id, accessibility_caption} for a carousel's photos; `usertags` (as at configure) replaces
 * the people tagged, `{"in": []}` or '' untags everyone.
 */
const EditBody = Form({
  caption: Type.Optional(Str(20000)),
  accessibility_caption: Type.Optional(Str(2000)),
  location: Type.Optional(Str(4000)),
  children: Type.Optional(Str(40000)),
  usertags: Type.Optional(Str(8000)),
});

const BAD_CHILDREN = 'The photos to describe are not part of this post.';

function parseChildren(raw: string | undefined): Map<string, string | null> {
  const edits = new Map<string, string | null>();
  if (raw === undefined || raw.trim() === '') return edits;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw badRequest(BAD_CHILDREN);
  }
  if (!Array.isArray(list)) throw badRequest(BAD_CHILDREN);
  for (const item of list as unknown[]) {
    const { id, accessibility_caption: alt } = (item ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || (alt !== undefined && alt !== null && typeof alt !== 'string')) {
      throw badRequest(BAD_CHILDREN);
    }
    edits.set(id, parseAccessibilityCaption(alt ?? ''));
  }
  return edits;
}

export async function postEditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).post(
    '/create/:id/edit/',
    { schema: { params: IdParams, body: Type.Optional(EditBody) } },
    async (req, reply) => {
      const viewer = requireViewer(req);
      const body = req.body ?? {};
      // Every field is checked before anything is written: a bad one changes nothing.
      const caption = body.caption === undefined ? undefined : parseCaption(body.caption);
      const alt =
        body.accessibility_caption === undefined
          ? undefined
          : parseAccessibilityCaption(body.accessibility_caption);
      const geotag = body.location === undefined ? undefined : parseGeotag(body);
      const childAlts = parseChildren(body.children);
      const tagInputs = body.usertags === undefined ? undefined : parseUserTags(body.usertags);

      const post = await visiblePost(ctx, viewer.id, { id: mediaPk(req.params.id) });
      if (post.owner_id !== viewer.id) throw forbidden('You can only edit your own posts.');
      const userTags = tagInputs && (await resolveUserTags(ctx, viewer.id, tagInputs));
      const taggedBefore = userTags
        ? await ctx.db
            .selectFrom('post_tags')
            .select('user_id')
            .where('post_id', '=', post.id)
            .execute()
        : [];
      // A carousel's cover (grids, notifications) is described as its first photo is.
      let coverAlt: string | null | undefined;
      if (childAlts.size > 0) {
        const children = await ctx.db
          .selectFrom('post_children')
          .select(['id', 'position'])
          .where('post_id', '=', post.id)
          .orderBy('position')
          .execute();
        const ids = new Set(children.map((c) => c.id));
        if ([...childAlts.keys()].some((id) => !ids.has(id))) throw badRequest(BAD_CHILDREN);
        if (children.length > 0 && childAlts.has(children[0].id)) {
          coverAlt = childAlts.get(children[0].id);
        }
      }
      const locationId =
        geotag === undefined
          ? post.location_id
          : geotag === null
            ? null
            : await resolveLocation(ctx, viewer.id, geotag);
      const captionChanged = caption !== undefined && caption !== post.caption;

      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('posts')
          .set({
            location_id: locationId,
            ...(alt !== undefined ? { accessibility_caption: alt } : {}),
            ...(coverAlt !== undefined ? { accessibility_caption: coverAlt } : {}),
            // The spec's edited flag: the caption people read is not the one first shared.
            ...(captionChanged ? { caption, caption_is_edited: 1 } : {}),
          })
          .where('id', '=', post.id)
          .execute();
        for (const [childId, childAlt] of childAlts) {
          await trx
            .updateTable('post_children')
            .set({ accessibility_caption: childAlt })
            .where('id', '=', childId)
            .where('post_id', '=', post.id)
            .execute();
        }
        if (userTags) {
          await trx.deleteFrom('post_tags').where('post_id', '=', post.id).execute();
          await insertUserTags(trx, post.id, userTags);
        }
        if (captionChanged) {
          await trx.deleteFrom('post_hashtags').where('post_id', '=', post.id).execute();
          const tags = extractHashtags(caption).slice(0, MAX_HASHTAGS);
          if (tags.length > 0) {
            await trx
              .insertInto('post_hashtags')
              .values(tags.map((hashtag) => ({ post_id: post.id, hashtag })))
              .execute();
          }
        }
      });
      if (captionChanged) {
        // Only people the edit newly mentions hear about it; the others were told at sharing.
        const before = mentionedUsernames(post.caption);
        const told = before.length
          ? await ctx.db.selectFrom('users').select('id').where('username', 'in', before).execute()
          : [];
        await notifyMentions(ctx, caption, viewer.id, post.id, [
          viewer.id,
          ...told.map((u) => u.id),
        ]);
      }
      if (userTags) {
        // Only people the edit newly tags are told; the others were told when first tagged.
        const before = new Set(taggedBefore.map((t) => t.user_id));
        await notifyUserTags(
          ctx,
          viewer.id,
          post.id,
          userTags.filter((t) => !before.has(t.userId)),
        );
      }
      const updated = await visiblePost(ctx, viewer.id, { id: post.id });
      const [media] = await loadWirePosts(ctx, req.viewer, [updated], postPageOptions);
      reply.header('Cache-Control', 'private, no-store');
      return { status: 'ok', media };
    },
  );
}
