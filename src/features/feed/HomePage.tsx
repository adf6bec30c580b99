import { useSession } from '../../app/useSession';
import { LoggedOutHome } from '../auth/LoggedOutHome';
import { FeedPlaceholder } from './FeedPlaceholder';
import { HomeSidebar } from './HomeSidebar';

/** `/`: the feed with its story tray for members, a landing with the login card for visitors. */
export default function HomePage() {
  const { viewer } = useSession();
  if (!viewer) return <LoggedOutHome />;
  return (
    <div className="home">
      <div className="home__feed">
        <h1 className="visually-hidden">Home</h1>
        <FeedPlaceholder />
      </div>
      <HomeSidebar viewer={viewer} />
    </div>
  );
}
