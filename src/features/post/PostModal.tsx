import { useContext, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { loadPostPage } from '../../state/postsActions';
import { Modal } from '../../ui/Modal';
import { ModalRouteContext } from './ModalRouteOutlet';
import { PostDetail } from './PostDetail';
import { PostModalSteps } from './PostModalSteps';
import { PostLoadFailed, PostLoading, PostNotFound } from './PostStates';
import { usePostPage } from './usePostPage';
import './PostModal.css';

export { postModalState } from './ModalRouteOutlet';

interface PostModalProps {
  shortcode: string;
  /** Spec §2: the modal has a close button unless hidden. */
  hideCloseButton?: boolean;
}

/**
 * /p/{mediaId}/?taken-by=… opened from a grid with `state.backgroundLocation`: the post over the
 * page it was opened from. Escape, a click outside, Close and browser back all close it; ‹ › and
 * the arrow keys step through the grid it was opened from.
 */
export function PostModal({ shortcode, hideCloseButton = false }: PostModalProps) {
  const route = useContext(ModalRouteContext);
  const navigate = useNavigate();
  const resource = usePostPage(shortcode);
  // Stepped through the grid (‹ ›, arrow keys): closing returns the focus to the tile of the post
  // shown last, not the one the modal opened from. The address is read as the modal shows it.
  const { pathname, search } = useLocation();
  const shown = `${pathname}${search}`;
  const returnFocus = useRef<(() => HTMLElement | null) | null>(null);
  useEffect(() => {
    returnFocus.current = () =>
      [...document.querySelectorAll<HTMLAnchorElement>('#main a[href]')].find(
        (link) => link.getAttribute('href') === shown,
      ) ?? null;
  }, [shown]);

  function close() {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else if (route) {
      const { pathname, search, hash } = route.background;
      navigate(`${pathname}${search}${hash}`, { replace: true });
    } else navigate('/');
  }

  // The page underneath must not scroll while the modal is open.
  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  return (
    <Modal
      title="Post"
      titleHidden
      width={1100}
      className="post-modal"
      hideCloseButton={hideCloseButton}
      onClose={close}
      returnFocusRef={returnFocus}
    >
      {resource.status === 'ready' ? (
        <PostDetail postId={resource.id} variant="modal" onDeleted={close} />
      ) : resource.status === 'loading' ? (
        <PostLoading />
      ) : resource.notFound ? (
        <PostNotFound />
      ) : (
        <PostLoadFailed onRetry={() => void loadPostPage(shortcode)} />
      )}
      <PostModalSteps code={shortcode} />
    </Modal>
  );
}
