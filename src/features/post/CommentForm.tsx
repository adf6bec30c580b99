import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import type { WireUser, WireViewer } from '../../api/types';
import { loadOnce } from '../../lib/loadOnce';
import { showToast } from '../../state/toast';
import './Comments.css';

// Every feed card has this form; the posting code loads with the first comment.
const loadCommentActions = loadOnce(() => import('../../state/commentsActions'));

export function viewerAsUser(viewer: WireViewer): WireUser {
  return {
    id: viewer.id,
    username: viewer.username,
    full_name: viewer.full_name,
    profile_pic_url: viewer.profile_pic_url,
    is_verified: viewer.is_verified,
  };
}

interface CommentFormProps {
  postId: string;
  viewer: WireViewer;
  inputRef?: Ref<HTMLTextAreaElement>;
}

/** "Add a comment…" with a Post button; Enter posts, Shift+Enter starts a new line. */
export function CommentForm({ postId, viewer, inputRef }: CommentFormProps) {
  const [text, setText] = useState('');
  const [posting, setPosting] = useState(false);
  // A second press before the first one's render (a double click) must not send it twice.
  const sending = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const trimmed = text.trim();

  async function submit() {
    if (trimmed === '' || sending.current) return;
    sending.current = true;
    setPosting(true);
    const ok = await loadCommentActions().then(
      ({ addComment }) => addComment(postId, trimmed, viewerAsUser(viewer)),
      () => {
        showToast({ text: "Couldn't post comment." });
        return false;
      },
    );
    sending.current = false;
    setPosting(false);
    // On failure the text stays, and the toast's Retry can send it as it was.
    if (ok) setText('');
    // Post, pressed, stays focused while sending and is disabled once the field is empty: the
    // focus, which it then drops, goes back to the field for the next comment.
    const active = document.activeElement;
    if (active === document.body || active === form.current?.lastElementChild) {
      form.current?.querySelector('textarea')?.focus();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form className="comment-form" onSubmit={onSubmit} ref={form}>
      <label htmlFor={id} className="visually-hidden">
        Add a comment…
      </label>
      <textarea
        id={id}
        ref={inputRef}
        className="comment-form__input"
        placeholder="Add a comment…"
        autoComplete="off"
        rows={1}
        value={text}
        // Read-only, not disabled, while posting: a disabled field would drop the focus.
        readOnly={posting}
        aria-busy={posting || undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {/* Busy, not disabled, while sending: a disabled button would drop the focus. */}
      <button
        type="submit"
        className="comment-form__post"
        disabled={trimmed === '' && !posting}
        aria-disabled={posting || undefined}
      >
        Post
      </button>
    </form>
  );
}
