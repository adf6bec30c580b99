import { usePageTitle } from '../../lib/navigation';
import { Link } from '../../lib/router';

/** Any path no route matches, and a profile that does not exist (content §2 404 state). */
export default function NotFoundPage() {
  // Also where a profile that does not exist is drawn, under the route's "Profile".
  usePageTitle('Page not found');
  return (
    <section className="page-panel page-panel--plain">
      <h1 className="page-panel__title">Sorry, this page isn&apos;t available.</h1>
      <p className="page-panel__description">
        The link you followed may be broken, or the page may have been removed.{' '}
        <Link to="/">Go back to Glint.</Link>
      </p>
    </section>
  );
}
