import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from '../lib/router';

/** Account settings pages (accounts-platform §2 page identifiers; paths chosen here). */
export const SETTINGS_PAGES = [
  { to: '/accounts/edit/', label: 'Edit profile' },
  { to: '/accounts/password/change/', label: 'Change password' },
  { to: '/accounts/privacy_and_security/', label: 'Privacy and security' },
  { to: '/emails/settings/', label: 'Email preferences' },
  { to: '/accounts/comment_filter/', label: 'Comments' },
  { to: '/accounts/manage_access/', label: 'Apps and websites' },
  { to: '/accounts/contact_history/', label: 'Contacts' },
  { to: '/accounts/deactivate/', label: 'Deactivate account' },
] as const;

export function SettingsLayout() {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On narrow screens the menu scrolls sideways: keep the open page's tab in view.
  useEffect(() => {
    const active = nav.current?.querySelector('.settings__link--active');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  return (
    <div className="settings">
      <nav className="settings__nav" aria-label="Settings" ref={nav}>
        <ul>
          {SETTINGS_PAGES.map((page) => (
            <li key={page.to}>
              <NavLink
                to={page.to}
                className={({ isActive }) =>
                  isActive ? 'settings__link settings__link--active' : 'settings__link'
                }
              >
                {page.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings__content">
        <Outlet />
      </div>
    </div>
  );
}
