import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerResolver } from '../graphql/registry.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { Form, FormFlag, Str, parseFlag, typed } from '../http/schemas.ts';
import { requireViewer } from '../http/session.ts';
import { sendPage } from './pages.ts';

const PageQuery = Type.Object({ __a: Type.Optional(Str(4)) });

/**
 * A settings path answers JSON with ?__a=1 (the client's data call) and the app page otherwise,
 * so one URL serves both the page and its data.
 */
export function dataOrPage(
  app: FastifyInstance,
  ctx: AppContext,
  path: string,
  data: (req: FastifyRequest) => Promise<Record<string, unknown>>,
): void {
  typed(app).get(path, { schema: { querystring: PageQuery } }, async (req, reply) => {
    if (req.query.__a !== '1') return sendPage(ctx, req, reply);
    reply.header('Cache-Control', 'no-store');
    return data(req);
  });
}

/** The email lists a member can leave; everyone is subscribed until they opt out. */
export const EMAIL_PREFERENCES = [
  { name: 'feedback_emails', label: 'Feedback emails: give feedback on Glint.' },
  { name: 'reminder_emails', label: 'Reminder emails: get notifications you may have missed.' },
  { name: 'product_emails', label: "Product emails: get tips about Glint's tools." },
  { name: 'news_emails', label: 'News emails: learn about new Glint features.' },
] as const;
/** Spec §3: checked 2 means subscribed (1 means not). */
const CHECKED = { subscribed: 2, unsubscribed: 1 } as const;

export const KEYWORD_MAX_LENGTH = 100;
export const KEYWORDS_MAX_COUNT = 500;

const EmailPreferenceBody = Form({ name: Str(64, 1), subscribed: FormFlag });
const CommentFilterBody = Form({ config_value: FormFlag });
const KeywordsBody = Form({ keywords: Str(60000) });
const RevokeBody = Form({ token: Str(200, 1) });
const DeleteContactsBody = Form({ node_ids: Str(100000) });

/** Keywords as the member typed them: trimmed, empties and case-insensitive repeats dropped, sorted. */
export function parseKeywords(raw: string): string[] {
  const seen = new Map<string, string>();
  for (const part of raw.split(',')) {
    const keyword = part.trim();
    if (keyword && !seen.has(keyword.toLowerCase())) seen.set(keyword.toLowerCase(), keyword);
  }
  return sortKeywords([...seen.values()]);
}

const sortKeywords = (list: string[]) =>
  [...list].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b));

const storedKeywords = (joined: string) => sortKeywords(joined.split(',').filter(Boolean));

/** node_ids as a JSON array (strings or numbers) or a comma-separated list. */
export function parseNodeIds(raw: string): string[] | null {
  const text = raw.trim();
  let items: unknown[];
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (!Array.isArray(parsed)) return null;
      items = parsed;
    } catch {
      return null;
    }
  } else items = text.split(',');
  const ids = items.map((v) => (typeof v === 'number' ? String(v) : v));
  if (!ids.every((v): v is string => typeof v === 'string')) return null;
  const clean = ids.map((v) => v.trim()).filter(Boolean);
  return clean.every((v) => /^[0-9A-Za-z_-]{1,64}$/.test(v)) ? [...new Set(clean)] : null;
}

/** Email preferences, comment filtering, authorised apps and contact history (spec §7). */
export async function settingsPreferenceRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = typed(app);

  const emailPreferences = async (userId: string) => {
    const rows = await ctx.db
      .selectFrom('email_preferences')
      .select(['name', 'subscribed'])
      .where('user_id', '=', userId)
      .execute();
    const off = new Set(rows.filter((r) => r.subscribed === 0).map((r) => r.name));
    return EMAIL_PREFERENCES.map((p) => ({
      name: p.name,
      label: p.label,
      checked: off.has(p.name) ? CHECKED.unsubscribed : CHECKED.subscribed,
    }));
  };

  dataOrPage(app, ctx, '/accounts/emailpreferences/', async (req) => ({
    email_preferences: await emailPreferences(requireViewer(req).id),
    status: 'ok',
  }));

  api.post(
    '/accounts/emailpreferences/',
    { schema: { body: EmailPreferenceBody } },
    async (req) => {
      const viewer = requireViewer(req);
      const { name } = req.body;
      if (!EMAIL_PREFERENCES.some((p) => p.name === name)) throw badRequest('Unknown email list.');
      const subscribed = parseFlag(req.body.subscribed) || req.body.subscribed === 'subscribed';
      const value = subscribed ? 1 : 0;
      await ctx.db
        .insertInto('email_preferences')
        .values({ user_id: viewer.id, name, subscribed: value })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ subscribed: value }))
        .execute();
      return {
        name,
        checked: subscribed ? CHECKED.subscribed : CHECKED.unsubscribed,
        status: 'ok',
      };
    },
  );

  const commentFilter = async (req: FastifyRequest) => {
    const viewer = requireViewer(req);
    return {
      config_value: viewer.comment_filter,
      keywords: storedKeywords(viewer.comment_filter_keywords),
      status: 'ok',
    };
  };
  dataOrPage(app, ctx, '/accounts/comment_filter/', commentFilter);
  api.get('/accounts/set_comment_filter_keywords_web/', commentFilter);

  api.post(
    '/accounts/set_comment_filter_web/',
    { schema: { body: CommentFilterBody } },
    async (req) => {
      const viewer = requireViewer(req);
      const value = parseFlag(req.body.config_value) ? 1 : 0;
      await ctx.db
        .updateTable('users')
        .set({ comment_filter: value })
        .where('id', '=', viewer.id)
        .execute();
      return { config_value: value, status: 'ok' };
    },
  );

  api.post(
    '/accounts/set_comment_filter_keywords_web/',
    { schema: { body: KeywordsBody } },
    async (req) => {
      const viewer = requireViewer(req);
      const keywords = parseKeywords(req.body.keywords);
      if (keywords.some((k) => k.length > KEYWORD_MAX_LENGTH)) {
        throw badRequest(`Keep each keyword to ${KEYWORD_MAX_LENGTH} characters or fewer.`);
      }
      if (keywords.length > KEYWORDS_MAX_COUNT) {
        throw badRequest(`You can filter up to ${KEYWORDS_MAX_COUNT} keywords.`);
      }
      await ctx.db
        .updateTable('users')
        .set({ comment_filter_keywords: keywords.join(',') })
        .where('id', '=', viewer.id)
        .execute();
      return { keywords, status: 'ok' };
    },
  );

  dataOrPage(app, ctx, '/accounts/manage_access/', async (req) => {
    const rows = await ctx.db
      .selectFrom('app_authorizations')
      .select(['app_name', 'app_description', 'scopes', 'token'])
      .where('user_id', '=', requireViewer(req).id)
      .orderBy('app_name')
      .execute();
    return {
      app_authorizations: rows.map((r) => ({ ...r, scopes: r.scopes.split(',').filter(Boolean) })),
      status: 'ok',
    };
  });

  api.post('/oauth/revoke_access/', { schema: { body: RevokeBody } }, async (req) => {
    const viewer = requireViewer(req);
    const result = await ctx.db
      .deleteFrom('app_authorizations')
      .where('token', '=', req.body.token)
      .where('user_id', '=', viewer.id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) {
      throw badRequest('This app is not connected to your account.');
    }
    return { status: 'ok' };
  });

  api.post('/accounts/delete_contacts/', { schema: { body: DeleteContactsBody } }, async (req) => {
    const viewer = requireViewer(req);
    const ids = parseNodeIds(req.body.node_ids);
    if (!ids) throw badRequest('node_ids must be a list of contact ids.');
    if (ids.length > 1000) throw badRequest('Delete at most 1000 contacts at a time.');
    if (ids.length === 0) return { deleted_count: 0, status: 'ok' };
    const result = await ctx.db
      .deleteFrom('contacts')
      .where('user_id', '=', viewer.id)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return { deleted_count: Number(result.numDeletedRows), status: 'ok' };
  });

  // Spec §7 contact history query: the viewer's uploaded contacts, newest id first.
  registerResolver('contactHistory', async (resolverCtx, _variables, viewer) => {
    if (!viewer) throw forbidden('Please log in.');
    const rows = await resolverCtx.db
      .selectFrom('contacts')
      .select(['id', 'raw_value'])
      .where('user_id', '=', viewer.id)
      .orderBy('id', 'desc')
      .limit(1000)
      .execute();
    return { viewer: { contact_history: rows.map((r) => ({ id: r.id, raw_value: r.raw_value })) } };
  });
}
