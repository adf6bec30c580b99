import { useRef } from 'react';
import { useNavigate } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { useSession } from '../../app/useSession';
import { startNewPost } from '../../media/newPost';
import {
  PROFILE_PIC_ACCEPT,
  changePicture,
  pictureState,
  removePicture,
  upsellDismissed,
} from '../../state/settingsPicture';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';
import { ProgressBar } from '../../ui/ProgressBar';

/**
 * The viewer's avatar and username above a settings form; on Edit profile it also changes and
 * removes the profile photo (spec §4 "Profile picture change").
 */
export function ProfilePhotoHeader({ editable = false }: { editable?: boolean }) {
  const { viewer } = useSession();
  const picture = useSnapshot(pictureState);
  const inputRef = useRef<HTMLInputElement>(null);
  if (!viewer) return null;
  const busy = picture.change.status !== 'idle';
  return (
    <>
      <div className="settings-header">
        <div className="settings-header__avatar">
          <Avatar src={viewer.profile_pic_url} username={viewer.username} size={56} />
        </div>
        <div className="settings-header__text">
          <p className="settings-header__username">{viewer.username}</p>
          {editable ? (
            <div className="settings-header__actions">
              <button
                type="button"
                className="link-button"
                disabled={busy}
                onClick={() => inputRef.current?.click()}
              >
                Change profile photo
              </button>
              {viewer.has_profile_pic ? (
                <button
                  type="button"
                  className="link-button link-button--danger"
                  disabled={busy}
                  onClick={() => void removePicture()}
                >
                  Remove current photo
                </button>
              ) : null}
              <input
                ref={inputRef}
                type="file"
                accept={PROFILE_PIC_ACCEPT}
                hidden
                tabIndex={-1}
                aria-label="Profile photo file"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  event.currentTarget.value = '';
                  if (file) void changePicture(file);
                }}
              />
            </div>
          ) : null}
          {picture.change.status === 'uploading' ? (
            // Laid over the gap under the header (no layout space): the form never moves.
            <div className="settings-header__progress">
              <ProgressBar value={picture.change.fraction * 100} label="Uploading profile photo" />
            </div>
          ) : null}
        </div>
      </div>
      {editable && picture.upsell ? <FirstPostUpsell /> : null}
    </>
  );
}

/** "Share this photo as your first post?" after a new picture, for members with no posts. */
function FirstPostUpsell() {
  const navigate = useNavigate();
  const { upsell } = useSnapshot(pictureState);
  if (!upsell) return null;
  return (
    <aside className="upsell-card" aria-label="Share as first post">
      <img className="upsell-card__image" src={upsell.imageUrl} alt="" width={64} height={64} />
      <div className="upsell-card__text">
        <p className="upsell-card__title">Share this photo as your first post?</p>
        <p className="upsell-card__body">Your followers will see it in their feed.</p>
        <Button
          size="sm"
          onClick={() => {
            const file = pictureState.upsell?.file;
            upsellDismissed(pictureState);
            if (file) startNewPost(file, navigate);
          }}
        >
          Share
        </Button>
      </div>
      <button
        type="button"
        className="icon-button upsell-card__close"
        aria-label="Not now"
        onClick={() => upsellDismissed(pictureState)}
      >
        <CloseIcon size={16} />
      </button>
    </aside>
  );
}
