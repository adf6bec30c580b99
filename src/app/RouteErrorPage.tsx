import { isRouteErrorResponse, Link, useRouteError } from '../lib/router';
import { Wordmark } from '../ui/Wordmark';

/**
 * Shown when a route fails to render or its code cannot be downloaded (e.g. a new deploy removed
 * an old chunk, or the connection dropped mid-navigation).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="error-page">
      <Link to="/" className="error-page__logo">
        <Wordmark />
      </Link>
      <h1 className="page-panel__title">
        {notFound ? "Sorry, this page isn't available." : 'Something went wrong'}
      </h1>
      <p className="page-panel__description">
        {notFound
          ? 'The link you followed may be broken, or the page may have been removed.'
          : 'This page could not be loaded. Check your connection and reload the page.'}
      </p>
      <div className="error-page__actions">
        {notFound ? null : (
          <button
            type="button"
            className="btn btn--primary btn--md"
            onClick={() => window.location.reload()}
          >
            Reload page
          </button>
        )}
        <Link className="btn btn--secondary btn--md" to="/">
          Go to Glint home
        </Link>
      </div>
    </div>
  );
}
