// Promotions calls (content §3 "Promotion", §7 POST /qp/fetch_web/).
import { apiPost, type RequestOptions } from './client';
import { QUERY_IDS } from './queryIds';

interface WireText {
  text: string;
}

export interface WirePromotionAction {
  title: WireText;
  url: string | null;
  limit?: number;
  dismiss_promotion?: boolean;
}

export interface WirePromotionNode {
  id: string;
  promotion_id: string;
  max_impressions: number;
  triggers: string[];
  template: { name: string; parameters: { name: string; string_value: string }[] } | null;
  creatives: {
    title?: WireText;
    content?: WireText;
    footer?: WireText;
    social_context?: WireText;
  } | null;
  actions: {
    primary_action?: WirePromotionAction | null;
    secondary_action?: WirePromotionAction | null;
    dismiss_action?: WirePromotionAction | null;
  } | null;
  image: { uri?: string; sprite_class?: string } | null;
}

export interface WirePromotionEdge {
  node: WirePromotionNode;
  priority: number;
  time_range: { start: number; end: number };
}

export interface FetchPromotionsResponse {
  qp_data: { viewer: { eligible_promotions: { edges: WirePromotionEdge[] } } };
}

/** The feed-top banner's surface. */
export const WEB_FEED_SURFACE = 'WEB_FEED';

/**
 * Content §7/§8: the stored promotions query with its two inputs, the surface and whether
 * externally gated promotions may be shown (none are here).
 */
export function promotionsQuery(surface: string): string {
  return JSON.stringify({
    query_id: QUERY_IDS.promotions,
    variables: { surface_param: surface, external_gating_permitted: false },
  });
}

/** POST /qp/fetch_web/: the promotions eligible on `surface`, by priority. */
export function fetchPromotions(
  surface: string,
  opts?: RequestOptions,
): Promise<FetchPromotionsResponse> {
  return apiPost<FetchPromotionsResponse>(
    '/qp/fetch_web/',
    { query: promotionsQuery(surface), surface_param: surface, vc_policy: 'default', version: '1' },
    opts,
  );
}

/** POST /qp/dismiss/ */
export function dismissPromotionCall(promotionId: string): Promise<unknown> {
  return apiPost<unknown>('/qp/dismiss/', { promotion_id: promotionId });
}
