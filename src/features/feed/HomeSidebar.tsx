import { Link } from 'react-router-dom';
import type { WireViewer } from '../../api/types';
import { Avatar } from '../../ui/Avatar';
import { Shimmer } from '../../ui/Shimmer';

const SUGGESTION_ROWS = 5;

/** The right column on wide screens (≥ 1000 px): the viewer and suggestions for them. */
export function HomeSidebar({ viewer }: { viewer: WireViewer }) {
  return (
    <aside className="home__sidebar" aria-label="Your account and suggestions">
      <Link className="sidebar-viewer" to={`/${viewer.username}/`}>
        <Avatar
          src={viewer.profile_pic_url || null}
          username={viewer.username}
          size={56}
          decorative
        />
        <span className="sidebar-viewer__names">
          <span className="sidebar-viewer__username">{viewer.username}</span>
          {viewer.full_name ? (
            <span className="sidebar-viewer__full-name">{viewer.full_name}</span>
          ) : null}
        </span>
      </Link>
      <section className="suggestions" aria-label="Suggestions for you">
        <header className="suggestions__header">
          <h2 className="suggestions__title">Suggestions for you</h2>
          <Link className="suggestions__see-all" to="/explore/people/">
            See all
          </Link>
        </header>
        <ul className="suggestions__list" aria-busy="true">
          {Array.from({ length: SUGGESTION_ROWS }, (_, i) => (
            <li className="suggestions__row" key={i} aria-hidden="true">
              <Shimmer width={32} height={32} round />
              <span className="suggestions__lines">
                <Shimmer width={110} height={9} />
                <Shimmer width={70} height={8} />
              </span>
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
