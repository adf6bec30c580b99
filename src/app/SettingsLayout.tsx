import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from '../lib/router';
import { SETTINGS_PAGES } from './settingsPages';

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
