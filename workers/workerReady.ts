/** The message a worker posts once its module has loaded (Comlink alone cannot tell). */
export const WORKER_READY_MESSAGE = 'glint-worker-ready';

export function isWorkerReadyMessage(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === WORKER_READY_MESSAGE
  );
}
