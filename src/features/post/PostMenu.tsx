import { Suspense, useState } from 'react';
import type { WirePost } from '../../api/types';
import { lazyComponent } from '../../app/lazyComponent';
import type { PostMenuStep } from './PostMenuDialog';
import { MoreIcon } from './postIcons';

// Every feed card has this button; the menu's dialogs load when one is first pressed.
const PostMenuDialog = lazyComponent(
  () => import('./PostMenuDialog').then((m) => m.PostMenuDialog),
  { onLoadFailed: ({ onStep }) => onStep(null) },
);

interface PostMenuProps {
  post: WirePost;
  onPostPage: boolean;
  /** Where to go once the post is deleted (post page, modal); the feed just drops the card. */
  onDeleted?: () => void;
}

/** The "More options" button and, once pressed, the post's options (see PostMenuDialog). */
export function PostMenu({ post, onPostPage, onDeleted }: PostMenuProps) {
  const [step, setStep] = useState<PostMenuStep | null>(null);
  return (
    <>
      <button
        type="button"
        className="icon-button post-menu__button"
        aria-label="More options"
        aria-haspopup="dialog"
        onPointerEnter={PostMenuDialog.preload}
        onFocus={PostMenuDialog.preload}
        onClick={() => setStep('options')}
      >
        <MoreIcon size={22} />
      </button>
      {step ? (
        <Suspense fallback={null}>
          <PostMenuDialog
            post={post}
            step={step}
            onPostPage={onPostPage}
            onDeleted={onDeleted}
            onStep={setStep}
          />
        </Suspense>
      ) : null}
    </>
  );
}
