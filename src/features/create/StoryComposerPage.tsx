import { usePageTitle } from '../../lib/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../lib/router';
import { useSnapshot } from 'valtio';
import type { StoryComposer } from '../../canvas/StoryComposer';
import { storyDraft } from '../../state/storyDraft';
import {
  attemptExit,
  cancelExit,
  confirmExit,
  processStoryImage,
  shareStory,
} from '../../state/storyDraftActions';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { StoryCanvasFrame } from './story/StoryCanvasFrame';
import { StoryChooser } from './story/StoryChooser';
import { StoryPanel } from './story/StoryPanel';
import { StoryRefusal } from './story/StoryRefusal';
import { StoryToolbar } from './story/StoryToolbar';
import { useDraftLifetime } from './story/useDraftLifetime';
import { useLandscapeRefusal } from './story/useLandscapeRefusal';
import './story/storyComposer.css';

/**
 * /create/story/ — the story composer (content spec §4 "Story creation"): enter (refused in a
 * landscape viewport) → image processing → composer → upload → finalize → home with a toast.
 * On a desktop the picture sits in a centred 9:16 frame with the tools beside it; on a phone it
 * fills the screen and the tools float over its bottom edge.
 */
export default function StoryComposerPage() {
  usePageTitle('New story');
  const navigate = useNavigate();
  const refused = useLandscapeRefusal();
  const snap = useSnapshot(storyDraft);
  const composer = useRef<StoryComposer | null>(null);
  const [composerReady, setComposerReady] = useState(false);
  useDraftLifetime();

  useEffect(() => {
    // Spec: "enter (only if the viewport is not landscape)": processing waits for portrait.
    if (!refused && snap.sourceFile && snap.phase === 'choosing') void processStoryImage();
  }, [refused, snap.sourceFile, snap.phase]);

  const leave = useCallback(() => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/', { replace: true });
  }, [navigate]);

  const close = useCallback(() => {
    if (attemptExit() === 'exit') leave();
  }, [leave]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (storyDraft.textEdit === 'editing' || storyDraft.exit === 'attempt') return;
      close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close]);

  const onComposer = useCallback((live: StoryComposer | null) => {
    composer.current = live;
    setComposerReady(live !== null);
  }, []);

  const share = () => {
    if (composer.current) void shareStory(composer.current, navigate);
  };

  const hasPicture = snap.phase !== 'choosing' || snap.sourceFile !== null;
  let content;
  if (refused) {
    content = <StoryRefusal onClose={close} hasDraft={hasPicture} />;
  } else if (!hasPicture) {
    content = (
      <div className="story-composer__choose">
        <StoryToolbar onClose={close} />
        <StoryChooser />
      </div>
    );
  } else {
    content = (
      <div className="story-composer__layout">
        <div className="story-composer__stage">
          <StoryCanvasFrame composerRef={onComposer}>
            <StoryToolbar onClose={close} />
          </StoryCanvasFrame>
        </div>
        <StoryPanel canShare={composerReady} onShare={share} />
      </div>
    );
  }

  return (
    <div className="story-composer">
      <h1 className="visually-hidden">New story</h1>
      {content}
      {snap.exit === 'attempt' ? (
        <ConfirmDialog
          title="Discard story?"
          body="If you leave now, your story won't be saved."
          confirmLabel="Discard"
          cancelLabel="Keep editing"
          destructive
          onConfirm={() => {
            confirmExit();
            leave();
          }}
          onCancel={cancelExit}
        />
      ) : null}
    </div>
  );
}
