import { useEffect, useState } from 'react';
import { isAbortError } from '../../api/client';
import { topSearch } from '../../api/search';
import { SEARCH_THROTTLE_MS } from '../../lib/tokens';
import { toSearchItems, type SearchItem } from '../../state/search';
import type { CaptionToken } from './captionToken';

const MAX_SUGGESTIONS = 6;

/** A person for an @mention or a tag for a #hashtag, shaped as search results are. */
export type CaptionSuggestion = Extract<SearchItem, { kind: 'user' | 'hashtag' }>;

/** What a choice puts after the trigger. */
export function suggestionName(suggestion: CaptionSuggestion): string {
  return suggestion.kind === 'user' ? suggestion.username : suggestion.name;
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
          const kind = key.startsWith('@') ? 'user' : 'hashtag';
          const items = toSearchItems(response).filter(
            (item): item is CaptionSuggestion => item.kind === kind,
          );
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
