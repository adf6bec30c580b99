import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { usePageTitle } from '../../lib/navigation';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { useSession } from '../../app/useSession';
import type { StoryViewerCallbacks } from '../../canvas/StoryViewer';
import { nowSeconds, storiesState } from '../../state/stories';
import {
  closeViewer,
  goNext,
  goPrevious,
  goToReel,
  markItemSeen,
  openReel,
  setMuted,
  setPaused,
} from '../../state/storiesActions';
import { loadTray } from '../../state/storiesTray';
import {
  canSeeViewerCount,
  currentStory,
  previousTarget,
  storyAnnouncement,
} from '../../state/storyViewerRules';
import { Spinner } from '../../ui/Spinner';
import { useDialogFocus } from '../../ui/useDialogFocus';
import { canCloseByGoingBack, storyPath } from './navigation';
import { StoryControls } from './StoryControls';
import { StoryReplyBar } from './StoryReplyBar';
import { StoryViewersDialog } from './StoryViewersDialog';
import { useStoryViewer } from './useStoryViewer';
import './stories.css';

/** /stories/:username/ — the full-screen story viewer (content §2, §4 "Stories viewing"). */
export default function StoryViewerPage() {
  const { username = '' } = useParams();
  usePageTitle(username ? `Story (@${username})` : null);
  // ?item= opens the reel at one item (Activity links a reply to the story it answers).
  const [searchParams] = useSearchParams();
  const linkedItem = searchParams.get('item') ?? undefined;
  // Read by the first open only: moving to another reel drops the search from the URL.
  const linkedRef = useRef(linkedItem);
  const [linkedGone, setLinkedGone] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  // A linked item opened from a page of the app (Activity) closes back there; opened as the
  // first page (React Router's 'default' key) it closes home, as any link does.
  const linkedFromApp = useRef(linkedItem !== undefined && location.key !== 'default');
  const { viewer } = useSession();
  const snap = useSnapshot(storiesState);
  const container = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  // Holding the picture fades the controls away (the canvas fades its own header).
  const [holding, setHolding] = useState(false);
  // The owner's viewers list of one item; the story waits paused while it is open.
  const [viewersOf, setViewersOf] = useState<{ itemId: string; wasPaused: boolean } | null>(null);
  const openViewers = (itemId: string) => {
    setViewersOf({ itemId, wasPaused: storiesState.paused });
    setPaused(true);
  };
  const closeViewers = () => {
    if (viewersOf && !viewersOf.wasPaused) setPaused(false);
    setViewersOf(null);
  };

  const close = useCallback(() => {
    closeViewer();
    if (canCloseByGoingBack(location.state) || linkedFromApp.current) navigate(-1);
    else navigate('/', { replace: true });
  }, [location.state, navigate]);

  const next = useCallback(() => {
    void goNext().then((result) => {
      // Closing when there is no next target goes back.
      if (result === 'end') close();
    });
  }, [close]);
  const toReel = useCallback(
    (step: 1 | -1) => {
      void goToReel(step).then((result) => {
        if (result === 'end' && step === 1) close();
      });
    },
    [close],
  );

  const callbacks = useRef<StoryViewerCallbacks>({
    onNext: () => {},
    onPrevious: () => {},
    onClose: () => {},
  });
  // The viewer calls through this ref, so it always reaches the latest close/next. Set in a layout
  // effect, ahead of useStoryViewer's: a warm viewer draws a prefetched picture, and says so,
  // before passive effects run, and an item shown before onItemShown was here stayed unseen.
  useLayoutEffect(() => {
    callbacks.current = {
      onNext: next,
      onPrevious: () => void goPrevious(),
      onClose: close,
      onItemShown: (reelId, itemId) => {
        // Stories-seen errors are reported (and rethrown) by the action; nothing to show here.
        markItemSeen(reelId, itemId).catch(() => undefined);
      },
      onHoldChange: setHolding,
      onReel: toReel,
    };
  }, [next, close, toReel]);
  const viewerStatus = useStoryViewer(container, callbacks);
  // Focus starts on the dialog itself (arrow keys and Space work at once, Tab reaches the
  // controls), stays inside while it is open, and goes back where it was when it closes.
  useDialogFocus(dialog, close, dialog);

  // The tray loads first, then the reel named in the URL is selected.
  useEffect(() => {
    if (viewer && storiesState.tray.status === 'idle') void loadTray(viewer.id);
  }, [viewer]);

  const urlReelId = useMemo(
    () => Object.values(snap.reels).find((r) => r.user.username === username)?.id ?? null,
    [snap.reels, username],
  );
  // A layout effect: the reel is current (its tray cover shown) when the viewer's first frame
  // draws, not when passive effects run after a paint that a renderer's start can delay 100 ms.
  useLayoutEffect(() => {
    if (!urlReelId || storiesState.current?.reelId === urlReelId) return;
    const linked = linkedRef.current;
    linkedRef.current = undefined;
    void openReel(urlReelId, linked).then((outcome) => {
      if (outcome === 'missing') setLinkedGone(true);
      else if (outcome === 'empty') next();
    });
  }, [urlReelId, next]);

  // Moving to another user's reel replaces the route (keeping the entry point for Close).
  const shownReel = snap.current ? snap.reels[snap.current.reelId] : undefined;
  const shownUsername = shownReel?.user.username;
  useEffect(() => {
    if (shownUsername && shownUsername !== username) {
      navigate(storyPath(shownUsername), { replace: true, state: location.state });
    }
  }, [shownUsername, username, navigate, location.state]);

  useEffect(() => () => closeViewer(), []);

  const story = currentStory(snap);
  const notFound = snap.tray.status === 'ready' && urlReelId === null && !shownReel;
  // A linked story that is gone: its reel expired (not in the tray), or only this item did.
  // It goes once the member moves on to an item that is there.
  const linkedExpired =
    (linkedGone && (snap.current?.itemIndex ?? null) === null) ||
    (notFound && linkedItem !== undefined);
  const announcement =
    story && story.index !== null && story.count > 0
      ? storyAnnouncement(story.index, story.count, story.reel.user.username)
      : '';
  const viewCount =
    story?.item && canSeeViewerCount(story.reel, viewer?.id ?? null) ? story.item.viewCount : null;
  const canGoBack = previousTarget(snap, nowSeconds()) !== null;
  // The reels beside this one, shown as small previews on large screens (the canvas draws them).
  const at = snap.current ? snap.trayReelIds.indexOf(snap.current.reelId) : -1;
  const neighbourName = (step: 1 | -1) =>
    at === -1 ? null : (snap.reels[snap.trayReelIds[at + step]]?.user.username ?? null);
  const neighbours = [
    { step: -1 as const, name: neighbourName(-1) },
    { step: 1 as const, name: neighbourName(1) },
  ];

  return (
    <div
      ref={dialog}
      className={`story-viewer${holding ? ' story-viewer--holding' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label="Stories"
      tabIndex={-1}
      onKeyDown={(event) => {
        // Space pauses and resumes, unless a focused button takes it as a press.
        if (event.key !== ' ' || event.target !== event.currentTarget) return;
        event.preventDefault();
        setPaused(!snap.paused);
      }}
    >
      <div ref={container} className="story-viewer__surface" />
      <h1 className="visually-hidden">
        {shownUsername ? `Stories by ${shownUsername}` : 'Stories'}
      </h1>
      <p className="visually-hidden" aria-live="polite" data-testid="story-announcement">
        {announcement}
      </p>
      <div className="story-viewer__frame">
        {neighbours.map(({ step, name }) =>
          name ? (
            <button
              key={step}
              type="button"
              className={`story-viewer__neighbour story-viewer__neighbour--${step === 1 ? 'next' : 'previous'}`}
              aria-label={`Stories by ${name}`}
              onClick={() => toReel(step)}
            >
              <span className="story-viewer__neighbour-name">{name}</span>
            </button>
          ) : null,
        )}
        <StoryControls
          paused={snap.paused}
          sound={
            story?.item?.videoUrl
              ? { muted: snap.muted, onToggle: () => setMuted(!snap.muted) }
              : null
          }
          canGoBack={canGoBack}
          onPrevious={() => void goPrevious()}
          onNext={next}
          onTogglePause={() => setPaused(!snap.paused)}
          onClose={close}
        />
        {viewCount !== null && story?.item ? (
          <button
            type="button"
            className="story-viewer__views"
            aria-haspopup="dialog"
            onClick={() => openViewers(story.item!.id)}
          >
            Seen by {viewCount} {viewCount === 1 ? 'person' : 'people'}
          </button>
        ) : null}
        {story?.item && viewer && story.reel.user.id !== viewer.id ? (
          // One bar per item: a half-typed reply or an error never carries over to another story.
          <StoryReplyBar
            key={story.item.id}
            itemId={story.item.id}
            ownerName={story.reel.user.username}
          />
        ) : null}
        {snap.itemsError ? (
          <div className="story-viewer__message" role="alert">
            <p>{snap.itemsError.message}</p>
            <button
              type="button"
              className="story-viewer__retry"
              onClick={() => void openReel(snap.itemsError?.reelId ?? '')}
            >
              Retry
            </button>
          </div>
        ) : null}
        {linkedExpired ? (
          <div className="story-viewer__message" role="alert">
            <p>This story has expired. Stories disappear after 24 hours.</p>
            <button type="button" className="story-viewer__retry" onClick={close}>
              Close
            </button>
          </div>
        ) : notFound || viewerStatus.status === 'error' || snap.tray.status === 'error' ? (
          <div className="story-viewer__message" role="alert">
            <p>
              {viewerStatus.status === 'error'
                ? "Stories can't play in this browser."
                : notFound
                  ? 'This story is no longer available.'
                  : "Couldn't load stories."}
            </p>
            <Link to="/" className="story-viewer__retry" replace>
              Back to Glint
            </Link>
          </div>
        ) : null}
        {viewerStatus.status === 'loading' ? (
          <div className="story-viewer__message">
            <Spinner tone="light" label="Loading stories" />
          </div>
        ) : null}
      </div>
      {viewersOf ? <StoryViewersDialog itemId={viewersOf.itemId} onClose={closeViewers} /> : null}
    </div>
  );
}
