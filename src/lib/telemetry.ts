// Telemetry (accounts-platform §4 "Telemetry events", §7, §8, §9). Events queue as pending, move to
// sending in a batch and are dropped once sent; a batch that fails with 400–599 (or never reaches
// the server) goes back to pending. Pending events survive reloads for a day. The transitions are
// pure functions; createTelemetry wires them to timers, storage and the network. Each batch is
// also copied once to the logging host (./loggingHost).
import { apiPost, RequestError } from '../api/client';
import { setEventSink } from './eventLog';
import { sendToLoggingHost } from './loggingHost';

export const BATCH_SEND_DELAY_MS = 10_000;
export const BATCH_LIMIT = 1000;
export const SESSION_GAP_MS = 3 * 60_000;
export const STORED_EVENT_TTL_MS = 24 * 60 * 60_000;
export const ERROR_SAMPLE_RATE = 0.1;
export const TELEMETRY_STORAGE_KEY = 'glint:telemetry';
/** The event session outlives the page: a reload or another tab within the gap continues it. */
export const TELEMETRY_SESSION_KEY = 'glint:telemetry:session';

export type EventStatus = 'pending' | 'sending';

export interface TelemetryEvent {
  name: string;
  extra: Record<string, unknown>;
  time: number;
  session_id: string;
}
export interface QueuedEvent {
  seq: number;
  status: EventStatus;
  event: TelemetryEvent;
}
export interface EventSession {
  id: string;
  lastActivity: number;
}

/** Renews the session after SESSION_GAP_MS without events; otherwise extends it. */
export function touchSession(
  session: EventSession | null,
  now: number,
  newId: () => string,
): EventSession {
  if (!session || now - session.lastActivity > SESSION_GAP_MS)
    return { id: newId(), lastActivity: now };
  return { id: session.id, lastActivity: now };
}

/** Takes up to `limit` pending events, oldest first, and marks them sending. */
export function startBatch(queue: readonly QueuedEvent[], limit = BATCH_LIMIT) {
  const seqs = new Set(
    queue
      .filter((q) => q.status === 'pending')
      .slice(0, limit)
      .map((q) => q.seq),
  );
  return {
    queue: queue.map((q) => (seqs.has(q.seq) ? { ...q, status: 'sending' as const } : q)),
    batch: queue.filter((q) => seqs.has(q.seq)),
  };
}

/** A sent batch leaves the queue. */
export const markSent = (queue: readonly QueuedEvent[], seqs: ReadonlySet<number>) =>
  queue.filter((q) => !seqs.has(q.seq));

/** A failed batch goes back to pending (kept in order). */
export const markFailed = (queue: readonly QueuedEvent[], seqs: ReadonlySet<number>) =>
  queue.map((q) => (seqs.has(q.seq) ? { ...q, status: 'pending' as const } : q));

/** Failures worth retrying: HTTP 400–599 and requests that never got an answer. */
export function isRetryableFailure(error: unknown): boolean {
  if (!(error instanceof RequestError)) return false;
  return error.networkError || (error.statusCode >= 400 && error.statusCode <= 599);
}

/** Events older than a day are dropped; events that were sending when the page closed retry. */
export function restoreQueue(raw: unknown, now: number): QueuedEvent[] {
  if (!Array.isArray(raw)) return [];
  return (raw as QueuedEvent[])
    .filter((q) => q && typeof q.seq === 'number' && q.event && typeof q.event.time === 'number')
    .filter((q) => now - q.event.time <= STORED_EVENT_TTL_MS)
    .map((q) => ({ ...q, status: 'pending' as const }));
}

/** Uncaught errors are always reported on the canary build, otherwise for 10 % of them. */
export const shouldReportError = (mode: string, random: () => number) =>
  mode === 'canary' || random() < ERROR_SAMPLE_RATE;

export interface TelemetryDeps {
  post?: (url: string, body: Record<string, string>) => Promise<unknown>;
  now?: () => number;
  random?: () => number;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  mode?: string;
  /** The logging-host copy of each batch; null turns it off. */
  mirror?: ((events: TelemetryEvent[]) => void) | null;
}

export function createTelemetry(deps: TelemetryDeps = {}) {
  const post = deps.post ?? ((url, body) => apiPost<unknown>(url, body));
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const storage = deps.storage === undefined ? safeLocalStorage() : deps.storage;
  const mode = deps.mode ?? import.meta.env.MODE;
  const mirror = deps.mirror === undefined ? sendToLoggingHost : deps.mirror;
  const newId = () => `${now().toString(36)}${Math.floor(random() * 1e9).toString(36)}`;

  let queue: QueuedEvent[] = restoreQueue(read(storage), now());
  let seq = queue.reduce((max, q) => Math.max(max, q.seq), 0);
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Highest seq copied to the logging host by this page: a retried batch is not copied twice. */
  let mirroredSeq = 0;

  const save = () => {
    try {
      storage?.setItem(TELEMETRY_STORAGE_KEY, JSON.stringify(queue));
    } catch {
      // Storage full or blocked: events then live only as long as the page.
    }
  };
  const pendingCount = () => queue.filter((q) => q.status === 'pending').length;
  const schedule = () => {
    if (timer !== null || pendingCount() === 0) return;
    timer = setTimeout(() => void flush(), BATCH_SEND_DELAY_MS);
  };

  async function flush(): Promise<void> {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const started = startBatch(queue);
    if (started.batch.length === 0) return;
    queue = started.queue;
    save();
    const seqs = new Set(started.batch.map((q) => q.seq));
    copyToLoggingHost(started.batch);
    try {
      await post('/ajax/bz', { q: JSON.stringify(started.batch.map((q) => q.event)) });
      queue = markSent(queue, seqs);
    } catch (e) {
      queue = isRetryableFailure(e) ? markFailed(queue, seqs) : markSent(queue, seqs);
    }
    save();
    schedule();
  }

  function copyToLoggingHost(batch: readonly QueuedEvent[]): void {
    const fresh = batch.filter((q) => q.seq > mirroredSeq);
    if (!mirror || fresh.length === 0) return;
    mirroredSeq = Math.max(mirroredSeq, ...fresh.map((q) => q.seq));
    try {
      mirror(fresh.map((q) => q.event));
    } catch {
      // The copy is best effort; the main batch goes on regardless.
    }
  }

  /** The stored session (any page of this browser may have extended it), touched and kept. */
  function currentSession(): EventSession {
    const session = touchSession(readSession(storage), now(), newId);
    try {
      storage?.setItem(TELEMETRY_SESSION_KEY, JSON.stringify(session));
    } catch {
      // Not kept: the next page starts a session of its own.
    }
    return session;
  }

  function logEvent(name: string, extra: Record<string, unknown> = {}): void {
    const session = currentSession();
    queue = [
      ...queue,
      {
        seq: ++seq,
        status: 'pending',
        event: { name, extra, time: now(), session_id: session.id },
      },
    ];
    save();
    if (pendingCount() >= BATCH_LIMIT) void flush();
    else schedule();
  }

  function reportError(message: string, stack: string | undefined): void {
    if (!shouldReportError(mode, random)) return;
    const body: Record<string, string> = {
      message: message.slice(0, 2000) || 'Unknown error',
      url: window.location.href.slice(0, 2000),
    };
    if (stack) body.stack = stack.slice(0, 10_000);
    post('/client_error/', body).catch(() => undefined); // reporting must never throw again
  }

  /** Starts the send timer for restored events and listens for uncaught errors. */
  function start(target: Window = window): () => void {
    const onError = (e: ErrorEvent) =>
      reportError(e.message, (e.error as Error | undefined)?.stack);
    const onRejection = (e: PromiseRejectionEvent) => {
      const reason: unknown = e.reason;
      if (reason instanceof Error) reportError(reason.message, reason.stack);
      else reportError(String(reason), undefined);
    };
    target.addEventListener('error', onError);
    target.addEventListener('unhandledrejection', onRejection);
    schedule();
    return () => {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    };
  }

  return { logEvent, flush, start, reportError, snapshot: () => queue.map((q) => ({ ...q })) };
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readSession(storage: Pick<Storage, 'getItem'> | null): EventSession | null {
  try {
    const raw = JSON.parse(storage?.getItem(TELEMETRY_SESSION_KEY) ?? 'null') as unknown;
    const s = raw as Partial<EventSession> | null;
    return s && typeof s.id === 'string' && typeof s.lastActivity === 'number'
      ? { id: s.id, lastActivity: s.lastActivity }
      : null;
  } catch {
    return null;
  }
}

function read(storage: Pick<Storage, 'getItem'> | null): unknown {
  try {
    return JSON.parse(storage?.getItem(TELEMETRY_STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
}

let instance: ReturnType<typeof createTelemetry> | null = null;
const telemetry = () => (instance ??= createTelemetry());

/** Queues one event for the next batch. */
export const logEvent = (name: string, extra: Record<string, unknown> = {}) =>
  telemetry().logEvent(name, extra);

/** Called once from main.tsx: uncaught errors are reported, logged client events are batched. */
export const startTelemetry = () => {
  const stop = telemetry().start();
  setEventSink(logEvent);
  return () => {
    setEventSink(null);
    stop();
  };
};
