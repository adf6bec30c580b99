import { Suspense, lazy, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useNavigationType } from '../../lib/router';
import { useSession } from '../../app/useSession';
import { feedState, refreshFeed } from '../../state/feed';
import { Feed } from './Feed';
import { HomeSidebar } from './HomeSidebar';
import { StoryTraySlot } from './StoryTraySlot';
import { isDismissed } from '../../lib/dismissCookies';
import './feed.css';

// Visitors get the login landing; members never download its forms (the / budget is tight).
const LoggedOutHome = lazy(() =>
  import('../auth/LoggedOutHome').then((m) => ({ default: m.LoggedOutHome })),
);
const PromoBanner = lazy(() => import('../promotions/PromoBanner'));
// Only members with friends to follow download the card.
const FollowAllFriendsCard = lazy(() =>
  import('./FollowAllFriendsCard').then((m) => ({ default: m.FollowAllFriendsCard })),
);

function FriendsSlot() {
  const { providerFriendsCount } = useSnapshot(feedState);
  if (providerFriendsCount <= 0 || isDismissed('followAll')) return null;
  return (
    <Suspense fallback={null}>
      <FollowAllFriendsCard />
    </Suspense>
  );
}

/** Coming back to home with a link (not back/forward) shows the newest posts from the top. */
function useRefreshOnPush(): void {
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'PUSH' && feedState.status === 'ready') void refreshFeed();
  }, [navigationType]);
}

function MemberHome({ viewer }: { viewer: NonNullable<ReturnType<typeof useSession>['viewer']> }) {
  useRefreshOnPush();
  return (
    <div className="home">
      <div className="home__feed">
        <h1 className="visually-hidden">Home</h1>
        <StoryTraySlot />
        <Suspense fallback={null}>
          <PromoBanner />
        </Suspense>
        <FriendsSlot />
        <Feed />
      </div>
      <HomeSidebar viewer={viewer} />
    </div>
  );
}

/** `/`: the feed with its story tray for members, a landing with the login card for visitors. */
export default function HomePage() {
  const { viewer } = useSession();
  if (!viewer) {
    return (
      <Suspense fallback={null}>
        <LoggedOutHome />
      </Suspense>
    );
  }
  return <MemberHome viewer={viewer} />;
}
