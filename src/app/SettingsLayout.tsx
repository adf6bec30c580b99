import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from '../lib/router';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons';
import { SETTINGS_PAGES } from './settingsPages';
import './SettingsLayout.css';

/** Which ends of the tab strip have more tabs past them (phones: the strip scrolls sideways). */
interface Overflow {
  before: boolean;
  after: boolean;
}

export function SettingsLayout() {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });

  const measure = useCallback(() => {
    const el = nav.current;
    if (!el) return;
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setOverflow((o) => (o.before === before && o.after === after ? o : { before, after }));
  }, []);

  // On narrow screens the menu scrolls sideways: keep the open page's tab in view.
  useEffect(() => {
    const active = nav.current?.querySelector('.settings__link--active');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
    measure();
  }, [pathname, measure]);

  useEffect(() => {
    const el = nav.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  // For a mouse: the arrows page the strip; keyboard users tab through the links (each one
  // scrolls itself into view), so the arrows stay out of the tab order.
  const page = (direction: -1 | 1) => {
    const el = nav.current;
    el?.scrollBy({ left: direction * el.clientWidth * 0.7, behavior: 'smooth' });
  };

  const frameClass = [
    'settings__nav-frame',
    overflow.before ? 'settings__nav-frame--more-before' : '',
    overflow.after ? 'settings__nav-frame--more-after' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="settings">
      <div className={frameClass}>
        <nav className="settings__nav" aria-label="Settings" ref={nav} onScroll={measure}>
          <ul>
            {SETTINGS_PAGES.map((page) => (
              <li key={page.to}>
                <NavLink
                  to={page.to}
                  className={({ isActive }: { isActive: boolean }) =>
                    isActive ? 'settings__link settings__link--active' : 'settings__link'
                  }
                >
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {overflow.before ? (
          <button
            type="button"
            className="settings__scroll settings__scroll--before"
            aria-label="Scroll settings tabs left"
            tabIndex={-1}
            onClick={() => page(-1)}
          >
            <ChevronLeftIcon size={16} />
          </button>
        ) : null}
        {overflow.after ? (
          <button
            type="button"
            className="settings__scroll settings__scroll--after"
            aria-label="Scroll settings tabs right"
            tabIndex={-1}
            onClick={() => page(1)}
          >
            <ChevronRightIcon size={16} />
          </button>
        ) : null}
      </div>
      <div className="settings__content">
        <Outlet />
      </div>
    </div>
  );
}
