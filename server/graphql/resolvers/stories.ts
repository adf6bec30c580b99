import { badRequest, forbidden } from '../../http/errors.ts';
import { ID_PATTERN } from '../../content/params.ts';
import { REEL_BATCH_SIZE, reelsMedia, reelsTray } from '../../stories/reels.ts';
import { registerResolver } from '../registry.ts';

const LOGIN_REQUIRED = 'Please log in.';
const ID_RE = new RegExp(ID_PATTERN);

/** reel_ids: a non-empty list of at most REEL_BATCH_SIZE ids (numbers accepted, as JSON sends). */
function readReelIds(raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0) throw badRequest('reel_ids must be a list of ids.');
  if (raw.length > REEL_BATCH_SIZE) {
    throw badRequest(`At most ${REEL_BATCH_SIZE} reel_ids per request.`);
  }
  return raw.map((v: unknown) => {
    const id = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v;
    if (typeof id !== 'string' || !ID_RE.test(id)) throw badRequest('Invalid reel id.');
    return id;
  });
}

// Reels tray: variables {} → data.user.feed_reels_tray.edge_reels_tray_to_reel.edges[].node
registerResolver('reelsTray', async (ctx, _vars, viewer) => {
  if (!viewer) throw forbidden(LOGIN_REQUIRED);
  return reelsTray(ctx, viewer);
});

// Reels media: {reel_ids, precomposed_overlay} → data.reels_media (overlays are never composed
// by this server, so precomposed_overlay is accepted and ignored).
registerResolver('reelsMedia', async (ctx, vars, viewer) => {
  if (!viewer) throw forbidden(LOGIN_REQUIRED);
  return reelsMedia(ctx, viewer, readReelIds(vars.reel_ids));
});
