import { useRef, type ReactNode } from 'react';
import { useNavigate } from '../../lib/router';
import { loadOnce } from '../../lib/loadOnce';
import { PHOTO_ACCEPT } from '../../media/newPost';
import { showToast } from '../../state/toast';

const loadStoryDraft = loadOnce(() => import('../../state/storyDraft'));

interface NewStoryButtonProps {
  className: string;
  /** The accessible name (the content may be only an icon). */
  label: string;
  children: ReactNode;
}

/**
 * Opens the system picker for a story image, then the composer at /create/story/ (the mobile
 * header's camera, and "Your story" in the tray for members without a live story).
 */
export function NewStoryButton({ className, label, children }: NewStoryButtonProps) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        onClick={() => {
          // The story draft store loads while the member picks a photo.
          loadStoryDraft().catch(() => undefined);
          input.current?.click();
        }}
      >
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (!file) return;
          loadStoryDraft().then(
            ({ startStory }) => startStory(file, navigate),
            () => showToast({ text: "The story editor couldn't be loaded. Please try again." }),
          );
        }}
      />
    </>
  );
}
