import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { loadPostPage } from '../../state/postsActions';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons';
import {
  neighboursOf,
  useOpenedFromGrid,
  type ModalSequencePost,
  type PostModalLinkState,
} from './modalSequence';
import './PostModal.css';

/** Keys typed into these never step the modal. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, video') !== null;
}

/**
 * ‹ Previous post / Next post › over the post modal, stepping through the grid it was opened from,
 * and the Left / Right arrow keys doing the same. Each step replaces the address (so closing still
 * goes back to the grid) and the neighbours are loaded ahead, so a step shows its post at once.
 */
export function PostModalSteps({ code }: { code: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as PostModalLinkState | null;
  const sequence = useOpenedFromGrid(state?.modalGrid);
  const { previous, next, isLast } = neighboursOf(sequence, code);
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  // The post the last step went to, ahead of the render that shows it: two quick presses of ←
  // (or clicks) step twice, as two slow ones do, instead of both leaving from the same post.
  const stepped = useRef(code);
  useEffect(() => {
    stepped.current = code;
  }, [code]);

  function step(to: ModalSequencePost | undefined) {
    if (!to || !sequence || !state) return;
    stepped.current = to.id;
    navigate(sequence.pathOf(to), { replace: true, state });
  }

  // Neighbours load ahead; the grid's next page is asked for on its last loaded post.
  const previousCode = previous?.id;
  const nextCode = next?.id;
  useEffect(() => {
    if (previousCode) void loadPostPage(previousCode);
    if (nextCode) void loadPostPage(nextCode);
  }, [previousCode, nextCode]);
  const loadMore = isLast ? sequence?.loadMore : undefined;
  useEffect(() => {
    loadMore?.();
  }, [loadMore]);

  // A button that goes away at either end hands focus to the other one, not to the page.
  useEffect(() => {
    const active = document.activeElement;
    if (active !== document.body && active !== null) return;
    (previous ? previousRef.current : nextRef.current)?.focus();
  }, [previous, next]);

  useEffect(() => {
    if (!sequence || !state) return;
    const { pathOf } = sequence;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (isTextEntry(event.target)) return;
      // A dialog opened over the modal (the post's menu) keeps its keys.
      const dialog = event.target instanceof Element && event.target.closest('[role="dialog"]');
      if (dialog && !dialog.classList.contains('post-modal')) return;
      const around = neighboursOf(sequence, stepped.current);
      const to = event.key === 'ArrowLeft' ? around.previous : around.next;
      if (!to) return;
      event.preventDefault();
      stepped.current = to.id;
      navigate(pathOf(to), { replace: true, state });
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [sequence, state, navigate]);

  if (!sequence) return null;
  return (
    <>
      {previous ? (
        <button
          ref={previousRef}
          type="button"
          className="post-modal__step post-modal__step--previous"
          aria-label="Previous post"
          onClick={() => step(neighboursOf(sequence, stepped.current).previous)}
        >
          <ChevronLeftIcon size={18} />
        </button>
      ) : null}
      {next ? (
        <button
          ref={nextRef}
          type="button"
          className="post-modal__step post-modal__step--next"
          aria-label="Next post"
          onClick={() => step(neighboursOf(sequence, stepped.current).next)}
        >
          <ChevronRightIcon size={18} />
        </button>
      ) : null}
    </>
  );
}
