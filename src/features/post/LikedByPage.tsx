import { usePageTitle } from '../../lib/navigation';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { useSession } from '../../app/useSession';
import { loginUrlWithNext, signupUrlWithNext } from '../../lib/safeNext';
import { likersState, loadLikers } from '../../state/likers';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { VerifiedBadge } from './postIcons';
import { UserFollow } from './UserFollow';
import './PostSubpage.css';
import './LikedByPage.css';

function VisitorLikersPrompt() {
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  return (
    <div className="likers__prompt">
      <p>Log in to see who liked this post.</p>
      <p className="likers__prompt-links">
        <Link to={loginUrlWithNext(next)}>Log in</Link>
        {' or '}
        <Link to={signupUrlWithNext(next)}>Sign up</Link>
      </p>
    </div>
  );
}

function LikersList({ shortcode }: { shortcode: string }) {
  const snap = useSnapshot(likersState);
  const list = snap.byShortcode[shortcode];
  useEffect(() => {
    void loadLikers(shortcode, true);
  }, [shortcode]);

  if (!list || (!list.loaded && !list.pagination.failed)) {
    return <Spinner size={32} label="Loading likes" />;
  }
  if (!list.loaded) {
    return (
      <div className="likers__prompt">
        <p>Couldn&apos;t load likes.</p>
        <Button variant="secondary" onClick={() => void loadLikers(shortcode, true)}>
          Retry
        </Button>
      </div>
    );
  }
  if (list.users.length === 0) return <p className="likers__prompt">No likes yet.</p>;
  return (
    <>
      <ul className="likers__list">
        {list.users.map((user) => (
          <li key={user.id} className="likers__row">
            <Link to={`/${user.username}/`} tabIndex={-1} aria-hidden="true">
              <Avatar
                src={user.profile_pic_url || null}
                username={user.username}
                size={44}
                decorative
              />
            </Link>
            <span className="likers__names">
              <span className="likers__username">
                <Link to={`/${user.username}/`}>{user.username}</Link>
                {user.is_verified ? <VerifiedBadge size={12} /> : null}
              </span>
              {user.full_name ? <span className="likers__full-name">{user.full_name}</span> : null}
            </span>
            <UserFollow user={user} />
          </li>
        ))}
      </ul>
      {list.pagination.hasNextPage ? (
        <div className="likers__more">
          <Button
            variant="secondary"
            busy={list.pagination.isFetching}
            onClick={() => void loadLikers(shortcode)}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** /p/:shortcode/liked_by/ — the people who liked a post, 10 at a time. */
export default function LikedByPage() {
  usePageTitle('Likes');
  const { shortcode = '' } = useParams();
  const { viewer } = useSession();
  return (
    <section className="likers">
      <header className="likers__header">
        <h1 className="likers__title">Likes</h1>
        <Link to={`/p/${shortcode}/`} className="likers__back">
          Back to post
        </Link>
      </header>
      {viewer ? <LikersList shortcode={shortcode} /> : <VisitorLikersPrompt />}
    </section>
  );
}
