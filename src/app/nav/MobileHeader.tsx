import { useRef } from 'react';
import { Link, useNavigate } from '../../lib/router';
import type { WireViewer } from '../../api/types';
import { loadOnce } from '../../lib/loadOnce';
import { showToast } from '../../state/toast';
import { openMobileMenu } from '../../state/ui';
import { CameraIcon, MenuIcon } from '../../ui/icons';
import { Wordmark } from '../../ui/Wordmark';
import { MobileMenuContent } from './MobileMenu';
import { VisitorNavItems } from './NavBar';

/** The story composer; "New story" picks the image first, then opens it. */
export const NEW_STORY_PATH = '/create/story/';

const loadStoryDraft = loadOnce(() => import('../../state/storyDraft'));

/** Fixed top header below 736 px: camera, logo and menu for members; logo and links for visitors. */
export function MobileHeader({ viewer }: { viewer: WireViewer | null }) {
  const navigate = useNavigate();
  const storyInput = useRef<HTMLInputElement>(null);
  return (
    <header className="mobile-header">
      {viewer ? (
        <button
          type="button"
          className="mobile-header__button"
          aria-label="New story"
          onClick={() => {
            // The story draft store loads while the member picks a photo.
            loadStoryDraft().catch(() => undefined);
            storyInput.current?.click();
          }}
        >
          <CameraIcon />
        </button>
      ) : null}
      {viewer ? (
        <input
          ref={storyInput}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          tabIndex={-1}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (!file) return;
            loadStoryDraft().then(
              ({ startStory }) => startStory(file, navigate),
              () => showToast({ text: "The story editor couldn't be loaded. Please try again." }),
            );
          }}
        />
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
