import { useEffect, useState } from 'react';
import { isAbortError, serverMessage } from '../../api/client';
import { locationSearch, type Venue } from '../../api/media';
import { SEARCH_THROTTLE_MS } from '../../lib/tokens';
import { photoCreation } from '../../state/create';

export type LocationResults =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'error'; query: string; error: string }
  | { status: 'ready'; query: string; venues: Venue[] };

/**
 * Places matching `query` from /location_search/, 250 ms after the last keystroke. Each new
 * query aborts the previous request, so only the latest query's results are ever shown.
 */
export function useLocationSearch(query: string): LocationResults {
  const [results, setResults] = useState<LocationResults>({ status: 'idle' });
  const trimmed = query.trim();

  useEffect(() => {
    if (trimmed === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setResults({ status: 'loading', query: trimmed });
      locationSearch({ query: trimmed, rankToken: photoCreation.rankToken }, controller.signal)
        .then((venues) => setResults({ status: 'ready', query: trimmed, venues }))
        .catch((error: unknown) => {
          if (isAbortError(error) || controller.signal.aborted) return;
          const message = serverMessage(error) ?? "Places couldn't be loaded.";
          setResults({ status: 'error', query: trimmed, error: message });
        });
    }, SEARCH_THROTTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed]);

  if (trimmed === '') return { status: 'idle' };
  // Results of an older query never show under a newer one.
  if (results.status !== 'idle' && results.query !== trimmed)
    return { status: 'loading', query: trimmed };
  return results;
}
