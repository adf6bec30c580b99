// Client events for the telemetry batch (POST /ajax/bz, copied to the logging host). Telemetry
// loads after the first paint, so events logged before it starts wait here (a few at most)
// instead of being lost. Any module may log through this without pulling the telemetry code into
// its bundle.

export type EventSink = (name: string, extra: Record<string, unknown>) => void;

const EARLY_LIMIT = 50;
let sink: EventSink | null = null;
const early: [string, Record<string, unknown>][] = [];

export function logClientEvent(name: string, extra: Record<string, unknown> = {}): void {
  if (sink) sink(name, extra);
  else if (early.length < EARLY_LIMIT) early.push([name, extra]);
}

/** Telemetry's start: receives the waiting events, then every new one. */
export function setEventSink(next: EventSink | null): void {
  sink = next;
  if (next) for (const [name, extra] of early.splice(0)) next(name, extra);
}
