import { beforeEach, describe, expect, it } from 'vitest';
import {
  closeMobileMenu,
  dismissLoggedOutCta,
  LOGGED_OUT_CTA_STORAGE_KEY,
  NAV_COLLAPSE_SCROLL_Y,
  openMobileMenu,
  showMobileMenuSection,
  uiState,
  updateNavCollapse,
} from '../../../src/state/ui';

beforeEach(() => {
  closeMobileMenu();
  updateNavCollapse(0);
  window.sessionStorage.clear();
});

describe('ui store', () => {
  it('opens the mobile menu on its main section, switches to more, and resets on close', () => {
    openMobileMenu();
    expect(uiState.mobileMenu).toEqual({ open: true, section: 'main' });
    showMobileMenuSection('more');
    expect(uiState.mobileMenu.section).toBe('more');
    closeMobileMenu();
    expect(uiState.mobileMenu).toEqual({ open: false, section: 'main' });
  });

  it('collapses the nav only past the scroll threshold', () => {
    updateNavCollapse(NAV_COLLAPSE_SCROLL_Y);
    expect(uiState.navCollapsed).toBe(false);
    updateNavCollapse(NAV_COLLAPSE_SCROLL_Y + 1);
    expect(uiState.navCollapsed).toBe(true);
    updateNavCollapse(0);
    expect(uiState.navCollapsed).toBe(false);
  });

  it('remembers the logged-out call-to-action dismissal for the session', () => {
    dismissLoggedOutCta();
    expect(uiState.loggedOutCtaDismissed).toBe(true);
    expect(window.sessionStorage.getItem(LOGGED_OUT_CTA_STORAGE_KEY)).toBe('1');
  });
});
