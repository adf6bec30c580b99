import { Fragment, useMemo } from 'react';
import { Link } from '../lib/router';
import { hashtagPath, mentionPath, tokenize } from '../lib/linkify';

export interface RichTextProps {
  text: string;
}

/**
 * User text (captions, comments, bios) with @mentions and #hashtags as in-app links. Everything is
 * rendered as React text nodes, so markup in the text is shown, never interpreted.
 */
export function RichText({ text }: RichTextProps) {
  const tokens = useMemo(() => tokenize(text), [text]);
  return (
    <>
      {tokens.map((token, i) => {
        switch (token.type) {
          case 'mention':
            return (
              <Link key={i} className="rich-text__link" to={mentionPath(token.value)}>
                @{token.value}
              </Link>
            );
          case 'hashtag':
            return (
              <Link key={i} className="rich-text__link" to={hashtagPath(token.value)}>
                #{token.value}
              </Link>
            );
          default:
            return <Fragment key={i}>{token.value}</Fragment>;
        }
      })}
    </>
  );
}
