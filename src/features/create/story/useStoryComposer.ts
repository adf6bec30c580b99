import { useEffect, useRef, useState, type RefObject } from 'react';
import { StoryComposer } from '../../../canvas/StoryComposer';
import { storyDraft } from '../../../state/storyDraft';
import {
  addOrEditText,
  chooseText,
  keyTransformText,
  measuredText,
  penDown,
  penMove,
  rememberBeforeGesture,
  transformTextBy,
} from '../../../state/storyDraftActions';

export type ComposerStatus = 'loading' | 'ready' | 'error';

/** Tapping a text edits it; tapping the picture leaves the selected text, or starts a new one. */
function tapCanvas() {
  if (storyDraft.textEdit === 'saved') chooseText(null);
  else if (storyDraft.textEdit === 'none') addOrEditText();
}

/** Mounts the Pixi StoryComposer into `host` once; it follows the draft store by itself. */
export function useStoryComposer(host: RefObject<HTMLDivElement | null>) {
  const composer = useRef<StoryComposer | null>(null);
  const [status, setStatus] = useState<ComposerStatus>('loading');

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let cancelled = false;
    StoryComposer.create(element, storyDraft, {
      pressText: chooseText,
      beginTransform: rememberBeforeGesture,
      transform: transformTextBy,
      wheel: (scaleBy) => keyTransformText({ scaleBy }, 'wheel'),
      tapText: (id) => {
        chooseText(id);
        addOrEditText();
      },
      tapCanvas,
      penDown,
      penMove,
      measured: measuredText,
    }).then(
      (created) => {
        if (cancelled) {
          created.destroy();
          return;
        }
        composer.current = created;
        setStatus('ready');
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error('Story composer failed to start', error);
        setStatus('error');
      },
    );
    return () => {
      cancelled = true;
      composer.current?.destroy();
      composer.current = null;
    };
  }, [host]);

  return { composer, status };
}
