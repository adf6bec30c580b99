import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { useSession } from '../../app/useSession';
import { currentPathWithSearch } from '../../lib/navigation';
import { isSignupDefault } from '../../lib/sharedData';
import { loginUrlWithNext, signupUrlWithNext } from '../../lib/safeNext';
import {
  follow,
  followStateOf,
  isStable,
  relationshipFor,
  relationshipsState,
  unfollow,
  type Relationship,
} from '../../state/relationships';
import { lazyComponent } from '../../app/lazyComponent';
import { Spinner } from '../../ui/Spinner';
import './FollowButton.css';

// Follow buttons sit on the first screen (suggestions, post headers); their dialogs load when a
// member unfollows or opens the block option.
// A dialog whose code cannot load closes, so the next press tries again.
const ConfirmDialog = lazyComponent(
  () => import('../../ui/ConfirmDialog').then((m) => m.ConfirmDialog),
  {
    onLoadFailed: ({ onCancel }) => onCancel(),
  },
);
const BlockDialog = lazyComponent(() => import('./BlockDialog').then((m) => m.BlockDialog), {
  onLoadFailed: ({ onClose }) => onClose(),
});

export interface FollowButtonProps {
  userId: string;
  username: string;
  isPrivate: boolean;
  /** What the page learned from the server; the shared store wins once it knows the user. */
  relationship: Relationship;
  size?: 'sm' | 'md';
  /** Adds the chevron with a Block / Unblock option (accounts §2 "optional dropdown"). */
  showOptions?: boolean;
  /** Injectable for tests; a follow after an unblock reloads the page. */
  reload?: () => void;
}

export type FollowLabel = 'Follow' | 'Following' | 'Requested' | 'Unblock';

export function followLabel(rel: Relationship): FollowLabel {
  if (rel.blockedByViewer.state) return 'Unblock';
  const state = followStateOf(rel);
  if (state === 'following') return 'Following';
  if (state === 'requested') return 'Requested';
  return 'Follow';
}

const defaultReload = () => window.location.reload();

/** Accounts §4: Follow / Following / Requested / Unblock, with the block dialog behind it. */
export function FollowButton({
  userId,
  username,
  isPrivate,
  relationship,
  size = 'sm',
  showOptions = false,
  reload = defaultReload,
}: FollowButtonProps) {
  const { loggedIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const snap = useSnapshot(relationshipsState);
  const rel = (snap.byUserId[userId] as Relationship | undefined) ?? relationship;
  const [dialog, setDialog] = useState<'unfollow' | 'block' | 'unblock' | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);

  // Seed the shared store so every button for this user shows the same state.
  useEffect(() => {
    relationshipFor(userId, relationship);
  }, [userId, relationship]);

  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [menuOpen]);

  const hadBeenBlocked = useRef(false);
  useEffect(() => {
    if (rel.blockedByViewer.state) hadBeenBlocked.current = true;
  }, [rel.blockedByViewer.state]);

  const label = followLabel(rel);
  const busy = !isStable(rel);

  function onClick() {
    if (!loggedIn) {
      const next = currentPathWithSearch(location);
      navigate(
        isSignupDefault() ? signupUrlWithNext(next, 'follow') : loginUrlWithNext(next, 'follow'),
      );
      return;
    }
    // Spec: clicks are ignored while an attempt is in flight.
    if (busy) return;
    if (label === 'Unblock') setDialog('unblock');
    // Spec §4: a click on Following unfollows. A private account is the exception that keeps the
    // "Unfollow @x?" confirm: its posts and stories disappear at once and following again is a
    // request its owner has to approve, so one stray click must not cost that.
    else if (label === 'Following' && isPrivate) setDialog('unfollow');
    else if (label === 'Following' || label === 'Requested') void unfollow(userId);
    else {
      // A follow after an unblock on this page reloads it: what the page shows about the user
      // (posts, lists) was rendered for a blocked account.
      const wasBlocked = hadBeenBlocked.current;
      void follow(userId, isPrivate).then((ok) => {
        if (ok && wasBlocked) reload();
      });
    }
  }

  // The dialog a press would open starts loading on hover or focus.
  function preloadDialog() {
    if (label === 'Following' && isPrivate) ConfirmDialog.preload();
    else if (label === 'Unblock') BlockDialog.preload();
  }

  const primary = label === 'Follow';
  const classes = ['btn', primary ? 'btn--primary' : 'btn--secondary', `btn--${size}`].join(' ');
  return (
    <span className="follow-button" ref={menuRef}>
      <button
        type="button"
        className={classes}
        onClick={onClick}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        aria-busy={busy || undefined}
        data-stable={busy ? 'false' : 'true'}
      >
        {/* Pending: a spinner over the label, which stays (transparent) for the width and name. */}
        <span className={busy ? 'follow-button__label--pending' : undefined}>{label}</span>
        {busy ? (
          <span className="follow-button__spinner">
            <Spinner size={16} tone={primary ? 'light' : 'dark'} />
          </span>
        ) : null}
      </button>
      {showOptions && loggedIn ? (
        <>
          <button
            type="button"
            className={['btn', 'btn--secondary', `btn--${size}`, 'follow-button__chevron'].join(
              ' ',
            )}
            aria-label={`More options for ${username}`}
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            onPointerEnter={BlockDialog.preload}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path d="m2 4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </button>
          {menuOpen ? (
            <ul className="follow-button__menu" id={menuId} role="menu">
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  className="follow-button__menu-item"
                  onClick={() => {
                    setMenuOpen(false);
                    setDialog(rel.blockedByViewer.state ? 'unblock' : 'block');
                  }}
                >
                  {rel.blockedByViewer.state ? 'Unblock' : 'Block'}
                </button>
              </li>
            </ul>
          ) : null}
        </>
      ) : null}
      {dialog ? (
        <Suspense fallback={null}>
          {dialog === 'unfollow' ? (
            <ConfirmDialog
              title={`Unfollow @${username}?`}
              confirmLabel="Unfollow"
              destructive
              onConfirm={() => {
                setDialog(null);
                void unfollow(userId);
              }}
              onCancel={() => setDialog(null)}
            />
          ) : null}
          {dialog === 'block' || dialog === 'unblock' ? (
            <BlockDialog
              userId={userId}
              username={username}
              mode={dialog}
              onClose={() => setDialog(null)}
              reload={reload}
            />
          ) : null}
        </Suspense>
      ) : null}
    </span>
  );
}
