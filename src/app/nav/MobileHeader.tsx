import { Link, useNavigate } from 'react-router-dom';
import type { WireViewer } from '../../api/types';
import { openMobileMenu } from '../../state/ui';
import { CameraIcon, MenuIcon } from '../../ui/icons';
import { Wordmark } from '../../ui/Wordmark';
import { VisitorNavItems } from './NavBar';

/** The story composer; the stories feature adds the image picker in front of it. */
export const NEW_STORY_PATH = '/create/story/';

/** Fixed top header below 736 px: camera, logo and menu for members; logo and links for visitors. */
export function MobileHeader({ viewer }: { viewer: WireViewer | null }) {
  const navigate = useNavigate();
  return (
    <header className="mobile-header">
      {viewer ? (
        <button
          type="button"
          className="mobile-header__button"
          aria-label="New story"
          onClick={() => navigate(NEW_STORY_PATH)}
        >
          <CameraIcon />
        </button>
      ) : null}
      <Link to="/" className="mobile-header__logo">
        <Wordmark size="sm" />
      </Link>
      {viewer ? (
        <button
          type="button"
          className="mobile-header__button"
          aria-label="Menu"
          aria-haspopup="dialog"
          onClick={() => openMobileMenu('main')}
        >
          <MenuIcon />
        </button>
      ) : (
        <VisitorNavItems />
      )}
    </header>
  );
}
