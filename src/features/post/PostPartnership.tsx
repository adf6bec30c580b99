import { Fragment } from 'react';
import { Link } from '../../lib/router';
import type { WirePost } from '../../api/types';
import './partnership.css';

/** "Paid partnership with <sponsor>" (content §3 sponsors), or nothing for an unsponsored post. */
export function PostPartnership({ post }: { post: WirePost }) {
  const sponsors = post.edge_media_to_sponsor_user.edges.map((e) => e.node.sponsor);
  if (sponsors.length === 0) return null;
  return (
    <span className="post-header__partnership">
      Paid partnership with{' '}
      {sponsors.map((sponsor, i) => (
        <Fragment key={sponsor.id}>
          {i === 0 ? null : i === sponsors.length - 1 ? ' and ' : ', '}
          <Link to={`/${sponsor.username}/`}>{sponsor.username}</Link>
        </Fragment>
      ))}
    </span>
  );
}
