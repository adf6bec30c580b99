import { useEffect, useState } from 'react';
import { isAbortError, serverMessage } from '../../api/client';
import { topSearch } from '../../api/search';
import { SEARCH_THROTTLE_MS } from '../../lib/tokens';
import { toSearchItems, type SearchItem } from '../../state/search';

export type Person = Extract<SearchItem, { kind: 'user' }>;

export type PeopleResults =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; people: Person[] };

const MAX_PEOPLE = 8;

/**
 * People matching `query` from the search API, 250 ms after the last keystroke (a leading @ is
 * allowed). A newer query aborts the older request; an answer for another query never shows.
 */
export function usePeopleSearch(query: string): PeopleResults {
  const wanted = query.trim().replace(/^@+/, '');
  const [answer, setAnswer] = useState<{ query: string; results: PeopleResults } | null>(null);

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      topSearch(wanted, null, { signal: controller.signal })
        .then((response) => {
          const people = toSearchItems(response).filter(
            (item): item is Person => item.kind === 'user',
          );
          setAnswer({
            query: wanted,
            results: { status: 'ready', people: people.slice(0, MAX_PEOPLE) },
          });
        })
        .catch((error: unknown) => {
          if (isAbortError(error) || controller.signal.aborted) return;
          const message = serverMessage(error) ?? "People couldn't be loaded.";
          setAnswer({ query: wanted, results: { status: 'error', error: message } });
        });
    }, SEARCH_THROTTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted]);

  if (!wanted) return { status: 'idle' };
  return answer?.query === wanted ? answer.results : { status: 'loading' };
}
