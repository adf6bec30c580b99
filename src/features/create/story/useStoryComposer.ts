import { useEffect, useRef, useState, type RefObject } from 'react';
import { StoryComposer } from '../../../canvas/StoryComposer';
import { storyDraft } from '../../../state/storyDraft';
import { addOrEditText, transformTextBy } from '../../../state/storyDraftActions';

export type ComposerStatus = 'loading' | 'ready' | 'error';

/**
 * Mounts the Pixi StoryComposer into `host` once; it follows the draft store by itself. Tapping
 * the text edits it, and tapping the picture before any text exists starts adding text.
 */
export function useStoryComposer(host: RefObject<HTMLDivElement | null>) {
  const composer = useRef<StoryComposer | null>(null);
  const [status, setStatus] = useState<ComposerStatus>('loading');

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let cancelled = false;
    StoryComposer.create(element, storyDraft, {
      transform: transformTextBy,
      tapText: addOrEditText,
      tapCanvas: () => {
        if (storyDraft.textEdit === 'none') addOrEditText();
      },
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
