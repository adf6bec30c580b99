import { Link } from '../../lib/router';
import type { WireViewer } from '../../api/types';
import { NewStoryButton } from '../../features/create/NewStoryButton';
import { isFeatureEnabled } from '../../lib/sharedData';
import { openMobileMenu } from '../../state/ui';
import { CameraIcon, MenuIcon } from '../../ui/icons';
import { Wordmark } from '../../ui/Wordmark';
import { MobileMenuContent } from './MobileMenu';
import { VisitorNavItems } from './NavBar';

/** Fixed top header below 736 px: camera, logo and menu for members; logo and links for visitors. */
export function MobileHeader({ viewer }: { viewer: WireViewer | null }) {
  return (
    <header className="mobile-header">
      {viewer && isFeatureEnabled('stories') ? (
        <NewStoryButton className="mobile-header__button" label="New story">
          <CameraIcon />
        </NewStoryButton>
      ) : viewer ? (
        // Keeps the logo centred without the camera (feature switch "stories" off).
        <span className="mobile-header__button" aria-hidden="true" />
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
          onPointerEnter={MobileMenuContent.preload}
          onFocus={MobileMenuContent.preload}
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
