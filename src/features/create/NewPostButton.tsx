import { useCallback, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { droppedImages, loadCreateState, NEW_POST_ACCEPT, startNewPost } from '../../media/newPost';

/** Starts a post from a file; it is dropped if the member navigates away while the flow loads. */
function useStartNewPost(): (files: File[]) => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  const currentKey = useRef(key);
  useLayoutEffect(() => {
    currentKey.current = key;
  }, [key]);
  return useCallback(
    (files: File[]) => {
      const startedAt = currentKey.current;
      startNewPost(files, navigate, () => currentKey.current === startedAt);
    },
    [navigate],
  );
}

interface NewPostButtonProps {
  className: string;
  children: ReactNode;
}

/**
 * The nav's "New post": opens the system file picker; the chosen photos start the flow (more than
 * one makes a carousel).
 */
export function NewPostButton({ className, children }: NewPostButtonProps) {
  const start = useStartNewPost();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label="New post"
        onClick={() => {
          // The create store loads while the member picks a photo.
          loadCreateState().catch(() => undefined);
          inputRef.current?.click();
        }}
      >
        {children}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={NEW_POST_ACCEPT}
        multiple
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (files.length > 0) start(files);
        }}
      />
    </>
  );
}

/** Images dropped anywhere on the page (outside the create flow's own drop zone) start a post. */
export function useNewPostDrop(): void {
  const start = useStartNewPost();
  useEffect(() => {
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const onDragOver = (event: DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      if (event.defaultPrevented || !hasFiles(event)) return;
      event.preventDefault();
      const files = droppedImages(event.dataTransfer);
      if (files.length > 0) start(files);
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [start]);
}
