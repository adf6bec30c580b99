import { Link } from '../../lib/router';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import './PostStates.css';

/** Missing, deleted and private posts all read the same (no hint whether a post exists). */
export function PostNotFound() {
  return (
    <section className="post-missing">
      <h1 className="post-missing__title">Sorry, this page isn&apos;t available.</h1>
      <p className="post-missing__text">
        The link you followed may be broken, or the page may have been removed.{' '}
        <Link to="/">Go back to Glint.</Link>
      </p>
    </section>
  );
}

export function PostLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="post-missing">
      <h1 className="post-missing__title">Couldn&apos;t load this post.</h1>
      <Button variant="secondary" onClick={onRetry}>
        Retry
      </Button>
    </section>
  );
}

export function PostLoading() {
  return (
    <div className="post-loading">
      <Spinner size={32} label="Loading post" />
    </div>
  );
}
