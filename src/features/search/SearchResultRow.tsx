import { formatCount } from '../../lib/format';
import type { SearchItem } from '../../state/search';
import { Avatar } from '../../ui/Avatar';
import { VerifiedBadge } from '../profile/VerifiedBadge';
import './searchResultRow.css';

function PinIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <circle cx="12" cy="10" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

/** What a result shows: users (avatar, username, badge, full name), hashtags (#name, posts
 * count), places (pin, name, subtitle). */
export function SearchResultRow({ item }: { item: SearchItem }) {
  switch (item.kind) {
    case 'user':
      return (
        <>
          <Avatar src={item.profilePictureUrl} username={item.username} size={32} decorative />
          <span className="search-result__text">
            <span className="search-result__title">
              {item.username}
              {item.isVerified ? <VerifiedBadge size={12} /> : null}
            </span>
            {item.fullName ? <span className="search-result__sub">{item.fullName}</span> : null}
          </span>
        </>
      );
    case 'hashtag':
      return (
        <>
          <span className="search-result__glyph" aria-hidden="true">
            #
          </span>
          <span className="search-result__text">
            <span className="search-result__title">#{item.name}</span>
            <span className="search-result__sub">
              {formatCount(item.mediaCount)} {item.mediaCount === 1 ? 'post' : 'posts'}
            </span>
          </span>
        </>
      );
    case 'place':
      return (
        <>
          <span className="search-result__glyph">
            <PinIcon />
          </span>
          <span className="search-result__text">
            <span className="search-result__title">{item.name}</span>
            {item.subtitle ? <span className="search-result__sub">{item.subtitle}</span> : null}
          </span>
        </>
      );
  }
}
