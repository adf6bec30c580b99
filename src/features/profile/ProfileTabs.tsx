import { Link } from '../../lib/router';
import { BookmarkIcon } from '../../ui/icons';

export type ProfileSection = 'posts' | 'saved' | 'tagged';

interface ProfileTabsProps {
  username: string;
  isViewer: boolean;
  /** Saved also covers the collections pages. */
  section: ProfileSection;
}

function GridIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <path
        d="M1 1h10v10H1zM4.3 1v10M7.7 1v10M1 4.3h10M1 7.7h10"
        fill="none"
        stroke="currentColor"
      />
    </svg>
  );
}

function TaggedIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <g fill="none" stroke="currentColor">
        <rect x="1" y="1" width="10" height="10" rx="2" />
        <circle cx="6" cy="5" r="1.8" />
        <path d="M2.9 10.9c.5-1.7 1.7-2.7 3.1-2.7s2.6 1 3.1 2.7" />
      </g>
    </svg>
  );
}

/**
 * Posts, Saved for the viewer's own profile (saved posts are private to their owner), and Tagged:
 * the posts its owner is tagged in.
 */
export function ProfileTabs({ username, isViewer, section }: ProfileTabsProps) {
  const tab = (name: ProfileSection) => ({
    className:
      section === name ? 'profile-tabs__tab profile-tabs__tab--active' : 'profile-tabs__tab',
    'aria-current': section === name ? ('page' as const) : undefined,
  });
  return (
    <nav className="profile-tabs" aria-label="Profile sections">
      <Link to={`/${username}/`} {...tab('posts')}>
        <GridIcon />
        <span>Posts</span>
      </Link>
      {isViewer ? (
        <Link to={`/${username}/saved/`} {...tab('saved')}>
          <BookmarkIcon size={12} />
          <span>Saved</span>
        </Link>
      ) : null}
      <Link to={`/${username}/tagged/`} {...tab('tagged')}>
        <TaggedIcon />
        <span>Tagged</span>
      </Link>
    </nav>
  );
}
