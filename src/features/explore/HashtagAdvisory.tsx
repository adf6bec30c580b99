import { useId } from 'react';
import type { HashtagContentAdvisory } from '../../state/explore';
import { EyeOffIcon } from '../../ui/icons';

interface HashtagAdvisoryProps {
  tag: string;
  advisory: HashtagContentAdvisory;
  /** "Show posts": acknowledges the advisory. */
  onShowPosts: () => void;
}

/**
 * A hashtag's content advisory (content §3 "Hashtag"), shown in place of its posts until the
 * viewer chooses "Show posts". The link is only given when the URL passed the safe-URL check.
 */
export function HashtagAdvisory({ tag, advisory, onShowPosts }: HashtagAdvisoryProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <section className="tag-advisory" aria-labelledby={titleId} aria-describedby={textId}>
      <div className="tag-advisory__icon" aria-hidden="true">
        <EyeOffIcon size={40} />
      </div>
      <h2 id={titleId} className="tag-advisory__title">
        {advisory.title}
      </h2>
      <p id={textId} className="tag-advisory__text">
        {advisory.description}
      </p>
      <div className="tag-advisory__actions">
        <button type="button" className="btn btn--primary" onClick={onShowPosts}>
          Show posts
        </button>
        {advisory.learnMoreUrl ? (
          <a
            className="btn btn--secondary"
            href={advisory.learnMoreUrl}
            target="_blank"
            rel="nofollow noopener noreferrer"
          >
            Learn more<span className="visually-hidden"> about #{tag} (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    </section>
  );
}
