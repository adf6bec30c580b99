import { useEffect, useState } from 'react';
import { isAbortError } from '../../api/client';
import { topSearch } from '../../api/search';
import { formatCount } from '../../lib/format';
import { SEARCH_THROTTLE_MS } from '../../lib/tokens';
import type { CaptionToken } from './captionToken';

const MAX_SUGGESTIONS = 6;

/** A person for an @mention or a tag for a #hashtag, as the caption's list shows it. */
export interface CaptionSuggestion {
  key: string;
  /** Inserted after the trigger. */
  name: string;
  detail: string;
  /** People only. */
  pictureUrl: string | null;
}

/**
 * People (for '@') or hashtags (for '#') matching the token being typed, from the search API
 * ('@ana' asks for people, '#sun' for tags), 250 ms after the last keystroke. A newer token aborts
 * the older request; an answer for another token never shows. Failures show nothing.
 */
export function useCaptionSuggestions(token: CaptionToken | null): CaptionSuggestion[] {
  const [answer, setAnswer] = useState<{ key: string; items: CaptionSuggestion[] } | null>(null);
  const key = token ? `${token.trigger}${token.query}` : '';

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      topSearch(key, null, { signal: controller.signal })
        .then((response) => {
          const items: CaptionSuggestion[] = key.startsWith('@')
            ? response.users.map(({ user }) => ({
                key: `user:${user.pk}`,
                name: user.username,
                detail: user.full_name,
                pictureUrl: user.profile_pic_url || null,
              }))
            : response.hashtags.map(({ hashtag }) => ({
                key: `hashtag:${hashtag.name}`,
                name: hashtag.name,
                detail: `${formatCount(hashtag.media_count)} ${hashtag.media_count === 1 ? 'post' : 'posts'}`,
                pictureUrl: null,
              }));
          setAnswer({ key, items: items.slice(0, MAX_SUGGESTIONS) });
        })
        .catch((error: unknown) => {
          if (!isAbortError(error)) setAnswer({ key, items: [] });
        });
    }, SEARCH_THROTTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  return answer && answer.key === key ? answer.items : [];
}
