import { Link, useLocation } from '../../lib/router';
import { isSignupDefault } from '../../lib/sharedData';
import { loginUrlWithNext, signupUrlWithNext } from '../../lib/safeNext';
import { toggleLike, toggleSave, type PostView } from '../../state/posts';
import { HeartIcon } from '../../ui/icons';
import { CommentIcon, SaveIcon, ShareIcon } from './postIcons';
import { sharePost } from './sharePost';
import './PostActions.css';

/** Content §6: visitors get this prompt in place of the like action. */
export function VisitorPrompt() {
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  const signup = isSignupDefault();
  return (
    <p className="visitor-prompt">
      {signup ? (
        <Link to={signupUrlWithNext(next)}>Sign up</Link>
      ) : (
        <Link to={loginUrlWithNext(next)}>Log in</Link>
      )}{' '}
      to like or comment.
    </p>
  );
}

interface PostActionsProps {
  postId: string;
  /** Share sends the post's own page, /p/{shortcode}/. */
  shortcode: string;
  view: PostView;
  /** The comment button focuses the comment box when there is one, else opens the post. */
  onComment: () => void;
}

/**
 * Like/Unlike, Comment, Share and Save/Remove from saved (names as the user reads them, state in
 * aria-pressed).
 */
export function PostActions({ postId, shortcode, view, onComment }: PostActionsProps) {
  return (
    <section className="post-actions">
      <button
        type="button"
        className={
          view.liked
            ? 'post-actions__button post-actions__like is-liked'
            : 'post-actions__button post-actions__like'
        }
        aria-label={view.liked ? 'Unlike' : 'Like'}
        aria-pressed={view.liked}
        onClick={() => toggleLike(postId)}
      >
        <HeartIcon size={24} filled={view.liked} />
      </button>
      <button
        type="button"
        className="post-actions__button"
        aria-label="Comment"
        onClick={onComment}
      >
        <CommentIcon size={24} />
      </button>
      <button
        type="button"
        className="post-actions__button"
        aria-label="Share"
        onClick={() => void sharePost(shortcode)}
      >
        <ShareIcon size={24} />
      </button>
      <button
        type="button"
        className="post-actions__button post-actions__save"
        aria-label={view.saved ? 'Remove from saved' : 'Save'}
        aria-pressed={view.saved}
        onClick={() => toggleSave(postId)}
      >
        <SaveIcon size={24} filled={view.saved} />
      </button>
    </section>
  );
}
