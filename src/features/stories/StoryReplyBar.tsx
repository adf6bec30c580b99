import { useEffect, useRef, useState, type FormEvent } from 'react';
import { serverMessage } from '../../api/requestError';
import {
  STORY_REACTIONS,
  STORY_REPLY_MAX_LENGTH,
  sendStoryReaction,
  sendStoryReply,
} from '../../api/storyReplies';
import { storiesState } from '../../state/stories';
import { setPaused } from '../../state/storiesActions';

type SendStatus =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent' }
  | { status: 'error'; message: string };

/** How long "Sent" stays before the bar is quiet again. */
export const SENT_NOTICE_MS = 2000;
export const REPLY_FAILED = "Couldn't send. Try again.";

interface StoryReplyBarProps {
  /** The story item answered. */
  itemId: string;
  /** The reel owner's username, as the field's placeholder names them. */
  ownerName: string;
}

/**
 * Under someone else's story (issue 18 part 5): a "Reply to {name}…" field and six quick
 * reactions. Writing pauses the story, as on a phone; sending confirms ("Sent") and lets the
 * story play on, unless it was paused before the writing began.
 */
export function StoryReplyBar({ itemId, ownerName }: StoryReplyBarProps) {
  const [text, setText] = useState('');
  const [send, setSend] = useState<SendStatus>({ status: 'idle' });
  // Set while the bar holds the story paused: whether it was paused before.
  const held = useRef<{ wasPaused: boolean } | null>(null);
  const bar = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // Focus moved to the field by the bar itself (after a reply went): no pause for that.
  const quietFocus = useRef(false);

  const hold = () => {
    if (held.current) return;
    held.current = { wasPaused: storiesState.paused };
    setPaused(true);
  };
  const release = () => {
    if (!held.current) return;
    if (!held.current.wasPaused) setPaused(false);
    held.current = null;
  };
  // Leaving the viewer never leaves a story paused by a bar that is gone.
  useEffect(() => {
    const holding = held;
    return () => {
      if (holding.current && !holding.current.wasPaused) setPaused(false);
      holding.current = null;
    };
  }, []);

  useEffect(() => {
    if (send.status !== 'sent') return;
    const timer = window.setTimeout(() => setSend({ status: 'idle' }), SENT_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [send]);

  const deliver = async (request: () => Promise<unknown>, onSent?: () => void) => {
    hold();
    setSend({ status: 'sending' });
    try {
      await request();
      onSent?.();
      setSend({ status: 'sent' });
      release();
    } catch (error) {
      // The story stays paused on a failure, so the reply can be sent again where it was.
      // The server's own words for what it refused (an expired story, too long); else generic.
      setSend({ status: 'error', message: serverMessage(error) ?? REPLY_FAILED });
    }
  };

  const trimmed = text.trim();
  const tooLong = [...trimmed].length > STORY_REPLY_MAX_LENGTH;
  const sending = send.status === 'sending';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || tooLong || sending) return;
    void deliver(
      () => sendStoryReply(itemId, trimmed),
      () => {
        setText('');
        // Send goes away with the text: a keyboard user's focus goes back to the field, not to
        // the page, and the story plays on.
        if (
          document.activeElement !== input.current &&
          bar.current?.contains(document.activeElement)
        ) {
          quietFocus.current = true;
          input.current?.focus();
        }
      },
    );
  };

  return (
    <form
      ref={bar}
      className="story-reply"
      aria-label={`Reply to ${ownerName}`}
      onSubmit={onSubmit}
      onFocus={(event) => {
        if (quietFocus.current) quietFocus.current = false;
        else if (event.target instanceof HTMLInputElement) hold();
      }}
      onBlur={(event) => {
        // Focus moving between the field, Send and the reactions keeps the story paused.
        if (!bar.current?.contains(event.relatedTarget as Node | null) && !sending) release();
      }}
      onKeyDown={(event) => {
        // Arrow keys and Space move the caret and type here; they are not the viewer's keys.
        if (event.target instanceof HTMLInputElement && event.key !== 'Escape') {
          event.stopPropagation();
        }
      }}
    >
      <div className="story-reply__reactions" role="group" aria-label="Quick reactions">
        {STORY_REACTIONS.map(({ emoji, name }) => (
          <button
            key={emoji}
            type="button"
            className="story-reply__reaction"
            aria-label={`React with ${name}`}
            title={name}
            // aria-disabled, not disabled: a disabled button drops the keyboard focus it holds.
            aria-disabled={sending || undefined}
            onClick={() => {
              if (!sending) void deliver(() => sendStoryReaction(itemId, emoji));
            }}
          >
            <span aria-hidden="true">{emoji}</span>
          </button>
        ))}
      </div>
      <div className="story-reply__row">
        <input
          ref={input}
          className="story-reply__field"
          type="text"
          value={text}
          onChange={(event) => {
            hold();
            setText(event.target.value);
            if (send.status === 'error') setSend({ status: 'idle' });
          }}
          placeholder={`Reply to ${ownerName}…`}
          aria-label={`Reply to ${ownerName}`}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? 'story-reply-too-long' : undefined}
          autoComplete="off"
          enterKeyHint="send"
        />
        {trimmed ? (
          <button
            type="submit"
            className="story-reply__send"
            aria-disabled={sending || tooLong || undefined}
          >
            Send
          </button>
        ) : null}
      </div>
      {tooLong ? (
        <p id="story-reply-too-long" className="story-reply__notice">
          A reply can be at most {STORY_REPLY_MAX_LENGTH} characters.
        </p>
      ) : null}
      <p
        className={`story-reply__notice${send.status === 'error' ? ' story-reply__notice--error' : ''}`}
        role="status"
      >
        {send.status === 'sent' ? 'Sent' : send.status === 'error' ? send.message : ''}
      </p>
    </form>
  );
}
