import { useRef } from 'react';
import { Link } from '../../lib/router';
import type { WireViewer } from '../../api/types';
import { closeMobileMenu, showMobileMenuSection, type MobileMenuSection } from '../../state/ui';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { useMenuKeys } from '../../ui/useMenuKeys';
import { preloadLogoutDialog } from '../../features/auth/LogoutDialog';
import { logOutAndReload } from '../session';
import { SETTINGS_PAGES } from '../settingsPages';

/** The settings pages but Edit profile (the main section has it) and Deactivate account. */
const MORE_LINKS = [
  ...SETTINGS_PAGES.filter(
    (page) => page.to !== '/accounts/edit/' && page.to !== '/accounts/deactivate/',
  ),
  { to: '/about/camera', label: 'About the camera' },
];
interface MobileMenuContentProps {
  viewer: WireViewer;
  section: MobileMenuSection;
}

/** The open mobile menu's dialog, with its main or its more section. */
export function MobileMenuContent({ viewer, section }: MobileMenuContentProps) {
  const more = section === 'more';
  // Both sections take the arrow keys, Home and End; the dialog keeps Tab and Escape.
  const listRef = useRef<HTMLDivElement>(null);
  useMenuKeys(listRef);

  return (
    <Modal
      title={more ? 'More options' : 'Menu'}
      onClose={closeMobileMenu}
      className="mobile-menu"
      width={420}
    >
      <div ref={listRef}>
        {more ? (
          <ul className="menu-list">
            <li>
              <button
                type="button"
                className="menu-list__item"
                onClick={() => showMobileMenuSection('main')}
              >
                <ChevronLeftIcon size={18} />
                Back
              </button>
            </li>
            {MORE_LINKS.map((link) => (
              <li key={link.to}>
                <Link className="menu-list__item" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="menu-list">
            <li>
              <Link className="menu-list__item" to={`/${viewer.username}/`}>
                Your profile
              </Link>
            </li>
            <li>
              <Link className="menu-list__item" to={`/${viewer.username}/saved/`}>
                Saved
              </Link>
            </li>
            <li>
              <Link className="menu-list__item" to="/accounts/edit/">
                Edit profile
              </Link>
            </li>
            <li>
              <Link className="menu-list__item" to="/explore/people/">
                Discover people
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="menu-list__item"
                onClick={() => showMobileMenuSection('more')}
              >
                More
                <ChevronRightIcon size={18} className="menu-list__chevron" />
              </button>
            </li>
            <li>
              <button
                type="button"
                className="menu-list__item menu-list__item--danger"
                onPointerEnter={preloadLogoutDialog}
                onFocus={preloadLogoutDialog}
                onClick={() => logOutAndReload()}
              >
                Log out
              </button>
            </li>
          </ul>
        )}
      </div>
    </Modal>
  );
}
