import { useRef } from 'react';
import { Link } from '../../lib/router';
import type { WireViewer } from '../../api/types';
import { BookmarkIcon, LogOutIcon, SettingsIcon, UserIcon } from '../../ui/icons';
import { useMenuKeys } from '../../ui/useMenuKeys';
import { preloadLogoutDialog } from '../../features/auth/LogoutDialog';
import { logOutAndReload } from '../session';

/**
 * The disclosure under the nav avatar: profile, saved, settings and Log out. It opens with focus
 * on its first item; the arrow keys, Home and End move between items; Escape closes it and
 * focus goes back to the avatar button.
 */
export function ProfileMenu({ id, viewer }: { id: string; viewer: WireViewer }) {
  const listRef = useRef<HTMLUListElement>(null);
  useMenuKeys(listRef, { autoFocus: true, roving: true });
  return (
    <div className="dropdown profile-menu" id={id}>
      <span className="dropdown__arrow" aria-hidden="true" />
      <ul className="profile-menu__list" ref={listRef}>
        <li>
          <Link className="profile-menu__item" to={`/${viewer.username}/`}>
            <UserIcon size={18} />
            Profile
          </Link>
        </li>
        <li>
          <Link className="profile-menu__item" to={`/${viewer.username}/saved/`}>
            <BookmarkIcon size={18} />
            Saved
          </Link>
        </li>
        <li>
          <Link className="profile-menu__item" to="/accounts/edit/">
            <SettingsIcon size={18} />
            Settings
          </Link>
        </li>
        <li className="profile-menu__separator">
          <button
            type="button"
            className="profile-menu__item"
            onPointerEnter={preloadLogoutDialog}
            onFocus={preloadLogoutDialog}
            onClick={() => logOutAndReload()}
          >
            <LogOutIcon size={18} />
            Log out
          </button>
        </li>
      </ul>
    </div>
  );
}
