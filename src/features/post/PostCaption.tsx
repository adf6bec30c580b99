import { useEffect, useRef, useState } from 'react';
import { Link } from '../../lib/router';
import type { WirePost } from '../../api/types';
import { RichText } from '../../ui/RichText';
import './PostActions.css';

/** Captions longer than this (or than two lines) are cut with a "more" button in the feed. */
const CAPTION_PREVIEW_CHARS = 125;
const CAPTION_PREVIEW_LINES = 2;

export function captionPreview(caption: string): string | null {
  const lines = caption.split('\n');
  let preview = lines.slice(0, CAPTION_PREVIEW_LINES).join('\n');
  if (preview.length > CAPTION_PREVIEW_CHARS) {
    // Cut at a word boundary so a mention or hashtag is never split into a wrong link.
    const cut = preview.lastIndexOf(' ', CAPTION_PREVIEW_CHARS);
    preview = preview.slice(0, cut > 0 ? cut : CAPTION_PREVIEW_CHARS);
  }
  return preview.length < caption.length ? preview.trimEnd() : null;
}

interface PostCaptionProps {
  post: WirePost;
  /** Cut long captions with "more" (feed); the post page shows them whole. */
  truncate?: boolean;
}

export function PostCaption({ post, truncate = false }: PostCaptionProps) {
  const [expanded, setExpanded] = useState(false);
  const text = useRef<HTMLSpanElement>(null);
  // "more" goes away with the cut: the focus moves to the whole text (read from where it was).
  useEffect(() => {
    if (expanded && document.activeElement === document.body) text.current?.focus();
  }, [expanded]);
  if (!post.caption) return null;
  const preview = truncate && !expanded ? captionPreview(post.caption) : null;
  return (
    <p className="post-caption">
      <Link to={`/${post.owner.username}/`} className="post-caption__username">
        {post.owner.username}
      </Link>{' '}
      <span className="post-caption__text" ref={text} tabIndex={expanded ? -1 : undefined}>
        <RichText text={preview ?? post.caption} />
      </span>
      {preview !== null ? (
        <>
          {'… '}
          <button type="button" className="post-caption__more" onClick={() => setExpanded(true)}>
            more
          </button>
        </>
      ) : null}
      {post.caption_is_edited ? <span className="post-caption__edited"> · Edited</span> : null}
    </p>
  );
}
