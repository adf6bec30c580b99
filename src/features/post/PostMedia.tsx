import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { useSnapshot } from 'valtio';
import { Link } from '../../lib/router';
import type { WirePost } from '../../api/types';
import { gatingState, revealGatedPost } from '../../state/gating';
import { HeartIcon, ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons';
import { GatingCover } from './GatingCover';
import { useImageView, type ImageViewSurface } from './imageView';
import { TagIcon } from './postIcons';
import './PostMedia.css';

type MediaItem = Omit<WirePost, 'edge_sidecar_to_children' | 'owner'>;

/** Two taps closer than this (ms, px) are a double tap. */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP = 40;

/** A touch that ends this far (px) sideways, more sideways than up or down, is a swipe. */
const SWIPE_PX = 40;

/** Instagram-like bounds: portraits no taller than 4:5, landscapes no wider than 1.91:1. */
const MIN_ASPECT = 0.8;
const MAX_ASPECT = 1.91;

export function mediaAspect({ width, height }: WirePost['dimensions']): number {
  if (!width || !height) return 1;
  return Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, width / height));
}

/**
 * The thumbnails are square crops, so they only stand in for the full image when the image itself
 * is square; other shapes use the display image alone.
 */
export function srcSetOf(item: MediaItem): string | undefined {
  const { width, height } = item.dimensions;
  if (width !== height || item.thumbnail_resources.length === 0) return undefined;
  const thumbs = item.thumbnail_resources.map((t) => `${t.src} ${t.config_width}w`);
  return [...thumbs, `${item.display_url} ${width}w`].join(', ');
}

interface MediaProps {
  item: MediaItem;
  alt: string;
  eager?: boolean;
}

function MediaView({ item, alt, eager }: MediaProps) {
  if (item.is_video && item.video_url) {
    // Inline and muted by default (autoplay policies allow muted playback); controls unmute.
    return (
      <video
        className="post-media__video"
        src={item.video_url}
        poster={item.display_url}
        muted
        playsInline
        loop
        controls
        preload="metadata"
        aria-label={alt.replace('Photo', 'Video')}
      />
    );
  }
  return (
    <img
      className="post-media__img"
      src={item.display_url}
      srcSet={srcSetOf(item)}
      sizes="(max-width: 614px) 100vw, 614px"
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      draggable={false}
    />
  );
}

function TaggedUsers({ post }: { post: WirePost }) {
  return (
    <ul className="post-tags" aria-label="Tagged people">
      {post.edge_media_to_tagged_user.edges.map(({ node }) => (
        <li
          key={node.user.username}
          className="post-tags__tag"
          style={{ left: `${node.x * 100}%`, top: `${node.y * 100}%` }}
        >
          <Link to={`/${node.user.username}/`}>{node.user.username}</Link>
        </li>
      ))}
    </ul>
  );
}

interface PostMediaProps {
  post: WirePost;
  /** Double-clicking the media likes the post (members only). */
  onDoubleLike?: () => void;
  eager?: boolean;
  /** For the image_view event; read from the surrounding card when not given. */
  surface?: ImageViewSurface;
}

/**
 * The image, video or sidecar carousel of a post, with the tagged-people overlay. A gated post
 * (gating_info) shows its media blurred, hidden from assistive tech and out of the tab order,
 * under a cover whose button reveals it.
 */
export function PostMedia({ post, onDoubleLike, eager, surface }: PostMediaProps) {
  const frame = useRef<HTMLDivElement>(null);
  const revealed = useSnapshot(gatingState).revealed[post.id] === true;
  const gating = revealed ? null : post.gating_info;
  // A blurred photo has not been seen: image_view waits for the reveal.
  useImageView(frame, post.id, surface, gating === null);
  const [index, setIndex] = useState(0);
  const [showTags, setShowTags] = useState(false);
  const [burst, setBurst] = useState(0);
  const children = post.edge_sidecar_to_children?.edges.map((e) => e.node) ?? [];
  const items: MediaItem[] = children.length > 0 ? children : [post];
  const current = Math.min(index, items.length - 1);
  const alt = `Photo by ${post.owner.full_name || post.owner.username}`;
  const hasTags = post.edge_media_to_tagged_user.edges.length > 0;

  // Touch screens: two taps in quick succession, whether or not the browser makes a dblclick of
  // them (the like is sent once either way).
  const lastTap = useRef<{ at: number; x: number; y: number } | null>(null);
  const tapLikedAt = useRef(-Infinity);
  const previousButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const isCarousel = items.length > 1 && !gating;
  const lastTurnByButton = useRef(false);

  // Previous and Next go away at either end: the one left takes the focus, not the page.
  useEffect(() => {
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    if (!lastTurnByButton.current) return;
    lastTurnByButton.current = false;
    (current > 0 ? previousButton : nextButton).current?.focus();
  }, [current]);

  function turn(to: number, byButton = false) {
    lastTurnByButton.current = byButton;
    setIndex(Math.max(0, Math.min(items.length - 1, to)));
  }

  /** ←/→ turn the photos while the focus is on the carousel's buttons (before the modal's keys). */
  function onKeyDown(event: KeyboardEvent) {
    if (!isCarousel || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (step === 0) return;
    const to = current + step;
    if (to < 0 || to >= items.length) return;
    event.preventDefault();
    turn(to, true);
  }

  // Touch: a sideways swipe turns the photo; up and down are the page's (touch-action: pan-y).
  function onPointerDown(event: PointerEvent) {
    if (!isCarousel || event.pointerType === 'mouse') return;
    swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  }

  /** True when the touch that ends was a swipe, which turned the photo (so it is not a tap). */
  function swiped(event: PointerEvent): boolean {
    const from = swipe.current;
    swipe.current = null;
    if (!from || from.id !== event.pointerId) return false;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(event.clientY - from.y)) return false;
    turn(current + (dx < 0 ? 1 : -1));
    return true;
  }

  function likeFrom(target: EventTarget): boolean {
    // Nobody likes what they cannot see: a double-click on the cover does nothing. Never unlikes.
    if (!onDoubleLike || gating) return false;
    if ((target as HTMLElement).closest('button, a, video')) return false;
    onDoubleLike();
    setBurst((n) => n + 1);
    return true;
  }

  function onDoubleClick(event: MouseEvent) {
    if (event.timeStamp - tapLikedAt.current < DOUBLE_TAP_MS * 2) return;
    likeFrom(event.target);
  }

  function onPointerUp(event: PointerEvent) {
    if (event.pointerType === 'mouse') return;
    if (swiped(event)) {
      lastTap.current = null;
      return;
    }
    const previous = lastTap.current;
    const tap = { at: event.timeStamp, x: event.clientX, y: event.clientY };
    const double =
      previous !== null &&
      tap.at - previous.at < DOUBLE_TAP_MS &&
      Math.hypot(tap.x - previous.x, tap.y - previous.y) < DOUBLE_TAP_SLOP;
    lastTap.current = double ? null : tap;
    if (double && likeFrom(event.target)) tapLikedAt.current = event.timeStamp;
  }

  function reveal() {
    revealGatedPost(post.id);
    // The button goes away with the cover; the media takes focus so the keyboard keeps its place.
    frame.current?.focus({ preventScroll: true });
  }

  return (
    <div
      ref={frame}
      className={[
        'post-media',
        gating ? 'post-media--gated' : '',
        isCarousel ? 'post-media--carousel' : '',
      ]
        .filter(Boolean)
        .join(' ')}
      style={{ aspectRatio: String(mediaAspect(items[current].dimensions)) }}
      onDoubleClick={onDoubleClick}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (swipe.current = null)}
      onKeyDown={onKeyDown}
      tabIndex={post.gating_info ? -1 : undefined}
    >
      <div
        className="post-media__track"
        style={{ transform: `translateX(-${current * 100}%)` }}
        aria-hidden={gating ? true : undefined}
        inert={gating ? true : undefined}
      >
        {items.map((item, i) => (
          <div
            className="post-media__slide"
            key={item.id}
            aria-hidden={i === current ? undefined : true}
          >
            {Math.abs(i - current) <= 1 ? (
              <MediaView
                item={item}
                alt={
                  item.accessibility_caption ??
                  (items.length > 1 ? `${alt} (${i + 1} of ${items.length})` : alt)
                }
                eager={eager && i === 0}
              />
            ) : null}
          </div>
        ))}
      </div>
      {burst > 0 ? (
        <span className="post-media__burst" key={burst} aria-hidden="true">
          <HeartIcon size={96} filled />
        </span>
      ) : null}
      {gating ? <GatingCover gating={gating} onReveal={reveal} /> : null}
      {isCarousel ? (
        <>
          {current > 0 ? (
            <button
              ref={previousButton}
              type="button"
              className="post-media__nav post-media__nav--prev"
              aria-label="Previous"
              onClick={() => turn(current - 1, true)}
            >
              <ChevronLeftIcon size={18} />
            </button>
          ) : null}
          {current < items.length - 1 ? (
            <button
              ref={nextButton}
              type="button"
              className="post-media__nav post-media__nav--next"
              aria-label="Next"
              onClick={() => turn(current + 1, true)}
            >
              <ChevronRightIcon size={18} />
            </button>
          ) : null}
          <p className="visually-hidden" aria-live="polite">
            {`Photo ${current + 1} of ${items.length}`}
          </p>
          <div className="post-media__dots" aria-hidden="true">
            {items.map((item, i) => (
              <span key={item.id} className={i === current ? 'is-active' : undefined} />
            ))}
          </div>
        </>
      ) : null}
      {hasTags && !gating ? (
        <button
          type="button"
          className="post-media__tags-toggle"
          aria-label="Tagged people"
          aria-pressed={showTags}
          onClick={() => setShowTags((v) => !v)}
        >
          <TagIcon size={14} />
        </button>
      ) : null}
      {hasTags && showTags && !gating ? <TaggedUsers post={post} /> : null}
    </div>
  );
}
