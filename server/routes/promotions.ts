// Promotions (content §3 Promotion, §7 POST /qp/fetch_web/): the feed-top banner's eligible
// promotions, and dismissals.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { PromotionsTable } from '../db/schema.ts';
import { requireViewer } from '../http/session.ts';
import { memberSets } from '../crossServer/memberSets.ts';
import { Form, NonEmpty, Str, typed } from '../http/schemas.ts';

const FetchBody = Form({
  query: Type.Optional(Str(2000)),
  surface_param: NonEmpty(50),
  vc_policy: Type.Optional(Str(50)),
  version: Type.Optional(Str(20)),
});

const DismissBody = Form({ promotion_id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) });

export interface PromotionEdge {
  node: Record<string, unknown> & { id: string; promotion_id: string; max_impressions: number };
  priority: number;
  time_range: { start: number; end: number };
}

/** The stored template JSON plus the row's columns; a corrupt template gives null (skipped). */
export function promotionEdge(row: PromotionsTable): PromotionEdge | null {
  let stored: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(row.template);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    stored = value as Record<string, unknown>;
  } catch {
    return null;
  }
  return {
    node: {
      id: row.id,
      promotion_id: typeof stored.promotion_id === 'string' ? stored.promotion_id : row.id,
      max_impressions: row.max_impressions,
      triggers: Array.isArray(stored.triggers) ? stored.triggers : [],
      template: stored.template ?? null,
      creatives: stored.creatives ?? null,
      actions: stored.actions ?? null,
      image: stored.image ?? null,
    },
    priority: row.priority,
    time_range: { start: row.start_time, end: row.end_time },
  };
}

export async function promotionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Dismissals need no table (the client also remembers them locally): in Redis with REDIS_URL,
  // shared by every server process; otherwise in this process, so a restart may show one again.
  const dismissed = memberSets(ctx, 'promotions-dismissed');

  // Visitors get an empty list: banners are only shown on the members' feed.
  typed(app).post('/qp/fetch_web/', { schema: { body: FetchBody } }, async (req) => {
    const viewer = req.viewer;
    const empty = { qp_data: { viewer: { eligible_promotions: { edges: [] } } }, status: 'ok' };
    if (!viewer) return empty;
    const now = ctx.now();
    const rows = await ctx.db
      .selectFrom('promotions')
      .selectAll()
      .where('surface', '=', req.body.surface_param)
      .where('start_time', '<=', now)
      .where('end_time', '>=', now)
      .orderBy('priority', 'asc')
      .orderBy('id', 'asc')
      .execute();
    const hidden = await dismissed.get(viewer.id);
    const edges = rows
      .filter((row) => !hidden.has(row.id))
      .map(promotionEdge)
      .filter((edge): edge is PromotionEdge => edge !== null);
    return { qp_data: { viewer: { eligible_promotions: { edges } } }, status: 'ok' };
  });

  typed(app).post('/qp/dismiss/', { schema: { body: DismissBody } }, async (req) => {
    const viewer = requireViewer(req);
    await dismissed.add(viewer.id, req.body.promotion_id);
    return { status: 'ok' };
  });
}
