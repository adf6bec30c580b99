// The feed-top promotion (content §3 "Promotion"): the first eligible edge that the viewer has not
// dismissed and has not yet seen max_impressions times. Dismissals and impression counts are
// remembered in localStorage so a banner stays hidden across reloads.
import { proxy } from 'valtio';
import { isAbortError } from '../api/client';
import {
  dismissPromotionCall,
  fetchPromotions,
  type WirePromotionEdge,
  type WirePromotionNode,
} from '../api/promotions';

export const PROMOTIONS_STORAGE_KEY = 'glint:promotions';

export interface PromotionMemory {
  dismissed: string[];
  impressions: Record<string, number>;
}

interface PromotionsState {
  promotion: WirePromotionNode | null;
  /** The surface `promotion` was chosen for (null until an answer came). */
  surface: string | null;
}

export const promotionsState = proxy<PromotionsState>({ promotion: null, surface: null });

export function readMemory(): PromotionMemory {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(PROMOTIONS_STORAGE_KEY) ?? '{}');
    const value = (raw && typeof raw === 'object' ? raw : {}) as Partial<PromotionMemory>;
    return {
      dismissed: Array.isArray(value.dismissed) ? value.dismissed.map(String) : [],
      impressions:
        value.impressions && typeof value.impressions === 'object' ? value.impressions : {},
    };
  } catch {
    return { dismissed: [], impressions: {} }; // corrupt or blocked storage: start afresh
  }
}

function writeMemory(memory: PromotionMemory): void {
  try {
    window.localStorage.setItem(PROMOTIONS_STORAGE_KEY, JSON.stringify(memory));
  } catch {
    // Storage full or blocked: the banner may come back, which is harmless.
  }
}

/** The edge to show: edges arrive by priority; a max_impressions of 0 or less means no cap. */
export function pickPromotion(
  edges: readonly WirePromotionEdge[],
  memory: PromotionMemory,
): WirePromotionNode | null {
  for (const { node } of edges) {
    if (memory.dismissed.includes(node.promotion_id)) continue;
    const seen = memory.impressions[node.promotion_id] ?? 0;
    if (node.max_impressions > 0 && seen >= node.max_impressions) continue;
    return node;
  }
  return null;
}

/** Loads the eligible promotions for `surface`; a failure simply shows no banner. */
export async function loadPromotion(surface: string, signal?: AbortSignal): Promise<void> {
  // A banner from an earlier visit is not shown (nor counted) until eligibility is known again.
  promotionsState.promotion = null;
  promotionsState.surface = null;
  try {
    const res = await fetchPromotions(surface, { signal });
    promotionsState.promotion = pickPromotion(
      res.qp_data.viewer.eligible_promotions.edges,
      readMemory(),
    );
    promotionsState.surface = surface;
  } catch (e) {
    if (!isAbortError(e)) promotionsState.promotion = null;
  }
}

/** Counts one showing of the banner. */
export function recordImpression(promotionId: string): void {
  const memory = readMemory();
  memory.impressions[promotionId] = (memory.impressions[promotionId] ?? 0) + 1;
  writeMemory(memory);
}

/** Hides the banner at once and remembers it; the server call is best effort. */
export function dismissPromotion(node: Pick<WirePromotionNode, 'id' | 'promotion_id'>): void {
  const memory = readMemory();
  if (!memory.dismissed.includes(node.promotion_id)) memory.dismissed.push(node.promotion_id);
  writeMemory(memory);
  if (promotionsState.promotion?.id === node.id) promotionsState.promotion = null;
  dismissPromotionCall(node.id).catch(() => undefined);
}
