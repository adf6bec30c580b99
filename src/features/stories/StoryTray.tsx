import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { useSession } from '../../app/useSession';
import { isReelSeen, storiesState, type Reel } from '../../state/stories';
import { loadTray } from '../../state/storiesTray';
import { loadOnce } from '../../lib/loadOnce';
import { isFeatureEnabled } from '../../lib/sharedData';
import type * as StoryActions from '../../state/storiesActions';
import type { WireStoryItem } from '../../api/storyTypes';
import { Avatar } from '../../ui/Avatar';
import { NewStoryButton } from '../create/NewStoryButton';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons';
import { closeOnEarlyEscape, storyPath, type StoriesEntryState } from './navigation';
import { prefetchStoryPictures } from './storyPrefetch';
import { storyPictureUrl } from './storyPicture';
import { warmStoryViewer } from './warmViewer';
import './stories.css';

/** The viewer's actions; a tray button warms them on hover or focus. */
let storyActions: typeof StoryActions | null = null;
const loadStoryActions = loadOnce(() =>
  import('../../state/storiesActions').then((actions) => (storyActions = actions)),
);
const preloadStoryActions = () => void loadStoryActions().catch(() => undefined);
const warmViewer = () => {
  preloadStoryActions();
  warmStoryViewer();
};

const AVATAR_SIZE = 56;
const PLACEHOLDERS = 6;

interface TrayItemProps {
  reel: Reel;
  own: boolean;
  onOpen(reel: Reel): void;
}

/**
 * The reel whose button opened the viewer: the viewer is a route of its own, so this button is
 * gone while it is open; when the tray comes back, focus returns to it (as after any dialog).
 */
let openedFrom: string | null = null;

function TrayItem({ reel, own, onOpen }: TrayItemProps) {
  const seen = isReelSeen(reel);
  const { username } = reel.user;
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (openedFrom !== reel.id) return;
    openedFrom = null;
    const active = document.activeElement;
    if (!active || active === document.body) button.current?.focus({ preventScroll: true });
  }, [reel.id]);
  return (
    <li className="story-tray__item" data-reel-id={reel.id}>
      <button
        ref={button}
        type="button"
        className="story-tray__button"
        // The name starts with what the screen shows under the picture (WCAG 2.5.3).
        aria-label={`${own ? 'Your story' : `Story by ${username}`}, ${seen ? 'seen' : 'not seen'}`}
        onPointerEnter={preloadStoryActions}
        onFocus={preloadStoryActions}
        onClick={() => {
          openedFrom = reel.id;
          onOpen(reel);
        }}
      >
        <span className={`story-ring${seen ? ' story-ring--seen' : ''}`}>
          <Avatar
            src={reel.user.profile_pic_url}
            username={username}
            size={AVATAR_SIZE}
            decorative
          />
        </span>
        <span className="story-tray__name">{own ? 'Your story' : username}</span>
      </button>
      {own ? (
        // Another story while one is live: the + on the picture's corner, as in Instagram's app.
        <NewStoryButton className="story-tray__add-more" label="Add to your story">
          <span className="story-tray__plus" aria-hidden="true">
            +
          </span>
        </NewStoryButton>
      ) : null}
    </li>
  );
}

/** Whether the row can scroll each way; kept in sync on scroll and resize. */
/** "Your story" for a member without a live story: picks an image for a new one. */
function AddStoryItem({ avatarUrl, username }: { avatarUrl: string; username: string }) {
  return (
    <li className="story-tray__item">
      <NewStoryButton className="story-tray__button" label="Add to your story">
        <span className="story-tray__add">
          <Avatar src={avatarUrl} username={username} size={AVATAR_SIZE + 8} decorative />
          <span className="story-tray__plus" aria-hidden="true">
            +
          </span>
        </span>
        <span className="story-tray__name">Your story</span>
      </NewStoryButton>
    </li>
  );
}

function useScrollEdges(count: number) {
  const list = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, count]);
  const scrollBy = (direction: 1 | -1) =>
    list.current?.scrollBy({
      left: direction * list.current.clientWidth * 0.8,
      behavior: 'smooth',
    });
  return { list, edges, measure, scrollBy };
}

/** The size of a reel's start picture the viewer will want on this screen (./storyPicture). */
const startPictureUrl = (item: WireStoryItem) =>
  item.is_video
    ? item.display_url
    : storyPictureUrl({
        displayUrl: item.display_url,
        width: item.dimensions.width,
        height: item.dimensions.height,
        resources: item.display_resources,
      });

/**
 * While the tray is on screen, the pictures its visible reels open at (their first unseen item)
 * are fetched and decoded, unseen reels first, so a tap shows the picture at once (issue 18).
 */
function useTrayPrefetch(list: RefObject<HTMLUListElement | null>, reels: readonly Reel[]) {
  // "id url seen" per reel with a start item: what to prefetch changes only with these, while
  // the tray re-renders for much else.
  const plan = reels
    .filter((r) => r.startItem)
    .map((r) => `${r.id} ${startPictureUrl(r.startItem!)} ${isReelSeen(r) ? 1 : 0}`)
    .join('\n');
  useEffect(() => {
    const element = list.current;
    if (!element || !plan || typeof IntersectionObserver === 'undefined') return;
    const targets = plan.split('\n').map((line) => {
      const [id, url, seen] = line.split(' ');
      return { id, url, seen: seen === '1' };
    });
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.reelId ?? '';
          if (entry.isIntersecting) visible.add(id);
          else visible.delete(id);
        }
        const shown = targets.filter((t) => visible.has(t.id));
        const ordered = [...shown.filter((t) => !t.seen), ...shown.filter((t) => t.seen)];
        prefetchStoryPictures(ordered.map((t) => t.url));
      },
      { threshold: 0.5 },
    );
    element.querySelectorAll('[data-reel-id]').forEach((item) => observer.observe(item));
    return () => observer.disconnect();
  }, [list, plan]);
}

/**
 * The story tray above the home feed: a horizontal row of avatar rings — the brand gradient for
 * reels with something unseen, grey once seen. Opening one pushes the viewer route.
 */
export function StoryTray() {
  const { viewer } = useSession();
  const navigate = useNavigate();
  const snap = useSnapshot(storiesState);
  const { list, edges, measure, scrollBy } = useScrollEdges(snap.trayReelIds.length);
  const trayReels = snap.trayReelIds.map((id) => snap.reels[id]).filter((r) => r !== undefined);
  useTrayPrefetch(list, trayReels as readonly Reel[]);

  // Feature switch "stories" (accounts §1): off, there is no tray at all.
  const storiesEnabled = isFeatureEnabled('stories');
  useEffect(() => {
    // Refreshed on every visit: seen rings and new reels change while the viewer is away.
    if (viewer && storiesEnabled) void loadTray(viewer.id);
  }, [viewer, storiesEnabled]);

  if (!viewer || !storiesEnabled) return null;
  const { status } = snap.tray;
  const reels = trayReels;
  if (status === 'error' || (status === 'ready' && reels.length === 0)) return null;

  const open = (reel: Reel) => {
    // A head start on the reel's items while the viewer route loads, when the actions are already
    // here (warmed on hover or focus). Otherwise the viewer opens the reel itself once it loads:
    // opening it when the download finishes could act after the member has gone back.
    if (storyActions && storiesState.current?.reelId !== reel.id) {
      void storyActions.openReel(reel.id);
    }
    // A tap with no pointer or focus before it (a screen reader's, a script's): the viewer's code
    // and renderer are asked for now, a render of the router earlier than the route would.
    warmViewer();
    closeOnEarlyEscape(() => storyActions?.closeViewer());
    const state: StoriesEntryState = { storiesEntry: 'reel_tray' };
    navigate(storyPath(reel.user.username), { state });
  };

  return (
    <section
      className="story-tray"
      aria-label="Stories"
      // The viewer's code and renderer get ready as soon as the member heads for a reel.
      onPointerEnter={warmViewer}
      onPointerDown={warmViewer}
      onFocus={warmViewer}
    >
      <ul className="story-tray__list" ref={list} onScroll={measure}>
        {reels.length === 0
          ? Array.from({ length: PLACEHOLDERS }, (_, i) => (
              <li key={i} className="story-tray__item" aria-hidden="true">
                <span className="story-tray__placeholder" />
              </li>
            ))
          : [
              ...(reels.some((reel) => reel.userId === viewer.id)
                ? []
                : [
                    <AddStoryItem
                      key="add"
                      avatarUrl={viewer.profile_pic_url}
                      username={viewer.username}
                    />,
                  ]),
              ...reels.map((reel) => (
                <TrayItem key={reel.id} reel={reel} own={reel.userId === viewer.id} onOpen={open} />
              )),
            ]}
      </ul>
      {edges.left ? (
        <button
          type="button"
          className="story-tray__scroll story-tray__scroll--left"
          aria-label="Scroll stories left"
          onClick={() => scrollBy(-1)}
        >
          <ChevronLeftIcon size={16} />
        </button>
      ) : null}
      {edges.right ? (
        <button
          type="button"
          className="story-tray__scroll story-tray__scroll--right"
          aria-label="Scroll stories right"
          onClick={() => scrollBy(1)}
        >
          <ChevronRightIcon size={16} />
        </button>
      ) : null}
    </section>
  );
}

export default StoryTray;
