import { useState } from 'react';
import { Link } from '../../lib/router';
import type { WirePost } from '../../api/types';
import { useSession } from '../../app/useSession';
import { deletePost, reportPost } from '../../state/posts';
import { showToast } from '../../state/toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { MoreIcon } from './postIcons';

interface PostMenuProps {
  post: WirePost;
  onPostPage: boolean;
  /** Where to go once the post is deleted (post page, modal); the feed just drops the card. */
  onDeleted?: () => void;
}

/** "More options": delete (own post, after a confirm), report (others'), go to post, copy link. */
export function PostMenu({ post, onPostPage, onDeleted }: PostMenuProps) {
  const { viewer } = useSession();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const isOwner = viewer?.id === post.owner.id;
  const postPath = `/p/${post.shortcode}/`;

  function onConfirmDelete() {
    setConfirming(false);
    void deletePost(post.id, onDeleted);
  }

  async function copyLink() {
    setOpen(false);
    try {
      await navigator.clipboard.writeText(new URL(postPath, window.location.origin).href);
      showToast({ text: 'Link copied to clipboard.' });
    } catch {
      showToast({ text: "Couldn't copy the link." });
    }
  }

  return (
    <>
      <button
        type="button"
        className="icon-button post-menu__button"
        aria-label="More options"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <MoreIcon size={22} />
      </button>
      {open ? (
        <Modal
          title="Post options"
          titleHidden
          hideCloseButton
          width={400}
          onClose={() => setOpen(false)}
        >
          <ul className="menu-list post-menu">
            {isOwner ? (
              <li>
                <button
                  type="button"
                  className="menu-list__item menu-list__item--danger"
                  onClick={() => {
                    setOpen(false);
                    setConfirming(true);
                  }}
                >
                  Delete
                </button>
              </li>
            ) : null}
            {viewer && !isOwner ? (
              <li>
                <button
                  type="button"
                  className="menu-list__item menu-list__item--danger"
                  onClick={() => {
                    setOpen(false);
                    void reportPost(post.id);
                  }}
                >
                  Report
                </button>
              </li>
            ) : null}
            {onPostPage ? null : (
              <li>
                <Link className="menu-list__item" to={postPath} onClick={() => setOpen(false)}>
                  Go to post
                </Link>
              </li>
            )}
            <li>
              <button type="button" className="menu-list__item" onClick={() => void copyLink()}>
                Copy link
              </button>
            </li>
            <li>
              <button type="button" className="menu-list__item" onClick={() => setOpen(false)}>
                Cancel
              </button>
            </li>
          </ul>
        </Modal>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Delete post?"
          body="Are you sure you want to delete this post?"
          confirmLabel="Delete"
          destructive
          onConfirm={onConfirmDelete}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
