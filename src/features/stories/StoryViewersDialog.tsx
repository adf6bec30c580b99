import { useCallback, useEffect, useRef, useState } from 'react';
import { STORY_REACTIONS } from '../../api/storyReplies';
import { fetchStoryViewers, type WireStoryViewer } from '../../api/storyViewers';
import { Avatar } from '../../ui/Avatar';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';

type ViewersState =
  | { status: 'loading'; users: WireStoryViewer[]; total: number | null; next: string | null }
  | { status: 'error'; users: WireStoryViewer[]; total: number | null; next: string | null }
  | { status: 'ready'; users: WireStoryViewer[]; total: number; next: string | null };

export const VIEWERS_ERROR = "Couldn't load viewers.";

/** What a screen reader says for a viewer's quick reaction ("Reacted with Fire"). */
function reactionLabel(emoji: string): string {
  const name = STORY_REACTIONS.find((r) => r.emoji === emoji)?.name;
  return `Reacted with ${name ?? emoji}`;
}

/**
 * The owner's "Seen by N" list (issue 18): who saw the story item, newest first, a page at a
 * time. The story stays paused while it is open (the page pauses it).
 */
export function StoryViewersDialog({ itemId, onClose }: { itemId: string; onClose(): void }) {
  const [state, setState] = useState<ViewersState>({
    status: 'loading',
    users: [],
    total: null,
    next: null,
  });
  const request = useRef<AbortController | null>(null);

  const load = useCallback(
    (after: string | null) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      fetchStoryViewers(itemId, after, { signal: controller.signal }).then(
        (page) =>
          setState((s) => ({
            status: 'ready',
            users: after ? [...s.users, ...page.users] : page.users,
            total: page.total,
            next: page.next_max_id,
          })),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Story viewers failure', error);
          setState((s) => ({ ...s, status: 'error' }));
        },
      );
    },
    [itemId],
  );

  useEffect(() => {
    load(null);
    return () => request.current?.abort();
  }, [load]);

  // The first page loads on open (the state starts loading); later pages on a press.
  const loadMore = (after: string | null) => {
    setState((s) => ({ ...s, status: 'loading' }));
    load(after);
  };

  const title = state.total === null ? 'Viewers' : `Viewers (${state.total})`;
  return (
    <Modal title={title} onClose={onClose} className="story-viewers">
      {state.users.length > 0 ? (
        <ul className="story-viewers__list">
          {state.users.map((user) => (
            <li key={user.id} className="story-viewers__row">
              <Avatar src={user.profile_pic_url} username={user.username} size={44} decorative />
              <span className="story-viewers__names">
                <span className="story-viewers__username">{user.username}</span>
                {user.full_name ? (
                  <span className="story-viewers__full-name">{user.full_name}</span>
                ) : null}
              </span>
              {user.reaction ? (
                <span
                  className="story-viewers__reaction"
                  role="img"
                  aria-label={reactionLabel(user.reaction)}
                >
                  {user.reaction}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : state.status === 'ready' ? (
        <p className="story-viewers__empty">No one has seen this story yet.</p>
      ) : null}
      {state.status === 'loading' ? <Spinner label="Loading viewers" /> : null}
      {state.status === 'error' ? (
        <div className="story-viewers__error" role="alert">
          <p>{VIEWERS_ERROR}</p>
          <button
            type="button"
            className="story-viewers__more"
            onClick={() => loadMore(state.next)}
          >
            Retry
          </button>
        </div>
      ) : null}
      {state.status === 'ready' && state.next ? (
        <button type="button" className="story-viewers__more" onClick={() => loadMore(state.next)}>
          Show more viewers
        </button>
      ) : null}
    </Modal>
  );
}
