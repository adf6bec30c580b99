// The feed-top promotional banner (content §2, §3 "Promotion", §9: image 72×72, content at most
// 614 px wide). In-app glint:// links become internal paths; other links must be safe URIs.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useNavigationType } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { WEB_FEED_SURFACE, type WirePromotionAction } from '../../api/promotions';
import { inAppLinkToPath, isSafeUri } from '../../lib/uri';
import {
  dismissPromotion,
  loadPromotion,
  promotionsState,
  recordImpression,
} from '../../state/promotions';
import './promotions.css';

export const PROMO_IMAGE_SIZE = 72;

export default function PromoBanner({ surface = WEB_FEED_SURFACE }: { surface?: string }) {
  const snap = useSnapshot(promotionsState);
  const navigate = useNavigate();
  // Back and Forward show the page as it was left: its banner at once (the feed below keeps its
  // place), neither asked for again nor counted again. Any other visit shows and counts only
  // this visit's answer, never a banner left from an earlier one.
  const navigationType = useNavigationType();
  const [restoredSurface] = useState(() =>
    navigationType === 'POP' && promotionsState.surface === surface ? surface : null,
  );
  const counted = useRef(
    restoredSurface ? (promotionsState.promotion?.promotion_id ?? null) : null,
  );
  const [loadedSurface, setLoadedSurface] = useState(restoredSurface);
  const promotion = loadedSurface === surface ? snap.promotion : null;

  useEffect(() => {
    if (restoredSurface === surface) return;
    const controller = new AbortController();
    void loadPromotion(surface, controller.signal).then(() => {
      if (!controller.signal.aborted) setLoadedSurface(surface);
    });
    return () => controller.abort();
  }, [surface, restoredSurface]);

  // One impression per banner shown on this page (StrictMode's double effect is deduplicated).
  useEffect(() => {
    if (!promotion || counted.current === promotion.promotion_id) return;
    counted.current = promotion.promotion_id;
    recordImpression(promotion.promotion_id);
  }, [promotion]);

  if (!promotion) return null;
  const { creatives, actions, image } = promotion;
  const primary = actions?.primary_action ?? null;
  const secondary = actions?.secondary_action ?? null;
  const dismissLabel = actions?.dismiss_action?.title.text;

  const follow = (action: WirePromotionAction) => {
    if (action.dismiss_promotion) dismissPromotion(promotion);
    if (!action.url) return;
    const path = inAppLinkToPath(action.url);
    if (path) navigate(path);
    else if (/^https?:/i.test(action.url) && isSafeUri(action.url))
      window.location.assign(action.url);
  };

  return (
    <section className="promo-banner" aria-label={creatives?.title?.text ?? 'Promotion'}>
      {image?.uri ? (
        <img
          className="promo-banner__image"
          src={image.uri}
          alt=""
          width={PROMO_IMAGE_SIZE}
          height={PROMO_IMAGE_SIZE}
        />
      ) : image?.sprite_class ? (
        // Content §3: an image is a uri or a sprite class (drawn by the style sheet).
        <span className={`promo-banner__image ${image.sprite_class}`} aria-hidden="true" />
      ) : null}
      <div className="promo-banner__body">
        {creatives?.title && <h2 className="promo-banner__title">{creatives.title.text}</h2>}
        {creatives?.content && <p className="promo-banner__content">{creatives.content.text}</p>}
        {creatives?.social_context && (
          <p className="promo-banner__context">{creatives.social_context.text}</p>
        )}
        {(primary || secondary) && (
          <div className="promo-banner__actions">
            {primary && (
              <button
                type="button"
                className="btn btn--primary btn--sm"
                onClick={() => follow(primary)}
              >
                {primary.title.text}
              </button>
            )}
            {secondary && (
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                onClick={() => follow(secondary)}
              >
                {secondary.title.text}
              </button>
            )}
          </div>
        )}
        {creatives?.footer && <p className="promo-banner__footer">{creatives.footer.text}</p>}
      </div>
      <button
        type="button"
        className="promo-banner__dismiss"
        aria-label="Dismiss"
        title={dismissLabel ?? 'Dismiss'}
        onClick={() => dismissPromotion(promotion)}
      >
        ×
      </button>
    </section>
  );
}
