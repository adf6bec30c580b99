import { useRef } from 'react';
import { Link } from '../../lib/router';
import type { WirePost } from '../../api/types';
import { useSession } from '../../app/useSession';
import { deletePost, reportPost } from '../../state/postsActions';
import { removeMeFromPost } from '../../state/userTagActions';
import { showToast } from '../../state/toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { lazyComponent } from '../../app/lazyComponent';

// The owner's "Edit" (issue 19) loads its dialog when chosen.
const PostEditDialog = lazyComponent(
  () => import('../post-edit/PostEditDialog').then((m) => m.PostEditDialog),
  { onLoadFailed: ({ onClose }) => onClose() },
);
import { useMenuKeys } from '../../ui/useMenuKeys';

/** The options sheet, or the confirmation (delete, remove my tag) or the editor it leads to. */
export type PostMenuStep = 'options' | 'confirmDelete' | 'confirmUntag' | 'edit';

interface PostMenuDialogProps {
  post: WirePost;
  step: PostMenuStep;
  onPostPage: boolean;
  onDeleted?: () => void;
  /** Moves to another step, or closes the menu (null). */
  onStep(step: PostMenuStep | null): void;
}

/**
 * "More options": edit and delete (own post; delete after a confirm), report (others'), remove
 * me from the post (one the viewer is tagged in, after a confirm), go to post, copy link.
 */
export function PostMenuDialog({ post, step, onPostPage, onDeleted, onStep }: PostMenuDialogProps) {
  const { viewer } = useSession();
  const isOwner = viewer?.id === post.owner.id;
  const isTagged =
    !!viewer &&
    post.edge_media_to_tagged_user.edges.some((e) => e.node.user.username === viewer.username);
  const postPath = `/p/${post.shortcode}/`;
  const close = () => onStep(null);
  // The options take the arrow keys, Home and End; the dialog keeps Tab and Escape.
  const listRef = useRef<HTMLUListElement>(null);
  useMenuKeys(listRef);

  function onConfirmDelete() {
    close();
    void deletePost(post.id, onDeleted);
  }

  async function copyLink() {
    close();
    try {
      await navigator.clipboard.writeText(new URL(postPath, window.location.origin).href);
      showToast({ text: 'Link copied to clipboard.' });
    } catch {
      showToast({ text: "Couldn't copy the link." });
    }
  }

  if (step === 'options') {
    return (
      <Modal title="Post options" titleHidden hideCloseButton width={400} onClose={close}>
        <ul className="menu-list post-menu" ref={listRef}>
          {isOwner ? (
            <li>
              <button type="button" className="menu-list__item" onClick={() => onStep('edit')}>
                Edit
              </button>
            </li>
          ) : null}
          {isOwner ? (
            <li>
              <button
                type="button"
                className="menu-list__item menu-list__item--danger"
                onClick={() => onStep('confirmDelete')}
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
                  close();
                  void reportPost(post.id);
                }}
              >
                Report
              </button>
            </li>
          ) : null}
          {isTagged ? (
            <li>
              <button
                type="button"
                className="menu-list__item"
                onClick={() => onStep('confirmUntag')}
              >
                Remove me from post
              </button>
            </li>
          ) : null}
          {onPostPage ? null : (
            <li>
              <Link className="menu-list__item" to={postPath} onClick={close}>
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
            <button type="button" className="menu-list__item" onClick={close}>
              Cancel
            </button>
          </li>
        </ul>
      </Modal>
    );
  }
  if (step === 'edit') return <PostEditDialog post={post} onClose={close} />;
  if (step === 'confirmUntag') {
    if (!viewer) return null;
    return (
      <ConfirmDialog
        title="Remove yourself from this post?"
        body="You won't be tagged in it anymore, and it won't be on your profile's Tagged tab."
        confirmLabel="Remove"
        destructive
        onConfirm={() => {
          close();
          void removeMeFromPost(post.id, viewer);
        }}
        onCancel={close}
      />
    );
  }
  return (
    <ConfirmDialog
      title="Delete post?"
      body="Are you sure you want to delete this post?"
      confirmLabel="Delete"
      destructive
      onConfirm={onConfirmDelete}
      onCancel={close}
    />
  );
}
