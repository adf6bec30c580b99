import { useEffect } from 'react';

/** Runs a settings page's load action on mount; leaving the page aborts it (silently). */
export function useLoad(load: (signal: AbortSignal) => Promise<void>): void {
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
}
