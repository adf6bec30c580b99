import { proxy } from 'valtio';

/** Spec §2: the mobile menu is open or closed and shows a main or a more section. */
export type MobileMenuSection = 'main' | 'more';

interface UiState {
  mobileMenu: { open: boolean; section: MobileMenuSection };
  /** The desktop nav bar shrinks once the page is scrolled past NAV_COLLAPSE_SCROLL_Y. */
  navCollapsed: boolean;
  activityPopupOpen: boolean;
  profileMenuOpen: boolean;
  /** Text in the nav search box; the search feature reads it to run queries. */
  searchQuery: string;
  loggedOutCtaDismissed: boolean;
  /** The "Remember login info?" question asked when a member logs out. */
  logoutDialogOpen: boolean;
}

/** Scroll distance (px) after which the desktop nav bar collapses to its compact height. */
export const NAV_COLLAPSE_SCROLL_Y = 60;

/** Spec §4: the logged-out call to action is dismissed for the session only. */
export const LOGGED_OUT_CTA_STORAGE_KEY = 'glint.loggedOutCtaDismissed';

function readCtaDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(LOGGED_OUT_CTA_STORAGE_KEY) === '1';
  } catch {
    return false; // storage disabled (privacy mode): the CTA simply shows again
  }
}

export const uiState = proxy<UiState>({
  mobileMenu: { open: false, section: 'main' },
  navCollapsed: false,
  activityPopupOpen: false,
  profileMenuOpen: false,
  searchQuery: '',
  loggedOutCtaDismissed: readCtaDismissed(),
  logoutDialogOpen: false,
});

/** Log out starts by asking whether to keep one-tap login on this device (spec §7 logout). */
export function openLogoutDialog(): void {
  uiState.logoutDialogOpen = true;
  uiState.profileMenuOpen = false;
  uiState.mobileMenu = { open: false, section: 'main' };
}

/** Only when the question could not be shown: logging out closes the page instead. */
export function closeLogoutDialog(): void {
  uiState.logoutDialogOpen = false;
}

export function openMobileMenu(section: MobileMenuSection = 'main'): void {
  uiState.mobileMenu = { open: true, section };
}

export function showMobileMenuSection(section: MobileMenuSection): void {
  uiState.mobileMenu.section = section;
}

export function closeMobileMenu(): void {
  uiState.mobileMenu = { open: false, section: 'main' };
}

export function updateNavCollapse(scrollY: number): void {
  const collapsed = scrollY > NAV_COLLAPSE_SCROLL_Y;
  if (uiState.navCollapsed !== collapsed) uiState.navCollapsed = collapsed;
}

export function toggleActivityPopup(): void {
  uiState.activityPopupOpen = !uiState.activityPopupOpen;
  if (uiState.activityPopupOpen) uiState.profileMenuOpen = false;
}

export function toggleProfileMenu(): void {
  uiState.profileMenuOpen = !uiState.profileMenuOpen;
  if (uiState.profileMenuOpen) uiState.activityPopupOpen = false;
}

/** Closes every transient nav overlay (called on navigation and on Escape). */
export function closeNavOverlays(): void {
  uiState.activityPopupOpen = false;
  uiState.profileMenuOpen = false;
  if (uiState.mobileMenu.open) closeMobileMenu();
}

export function setSearchQuery(query: string): void {
  uiState.searchQuery = query;
}

export function dismissLoggedOutCta(): void {
  uiState.loggedOutCtaDismissed = true;
  try {
    window.sessionStorage.setItem(LOGGED_OUT_CTA_STORAGE_KEY, '1');
  } catch {
    // Without storage the dismissal lasts until the next full page load, which is acceptable.
  }
}
