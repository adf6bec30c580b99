/**
 * Code that only an interaction needs stays out of the first load: `loadOnce(() => import(…))`
 * gives a loader that starts the import on its first call and shares it with later calls. A
 * failed load is forgotten, so the next interaction tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
