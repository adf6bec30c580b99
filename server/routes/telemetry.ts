// Telemetry intake (accounts-platform §4 "Telemetry events", §7): event batches on POST /ajax/bz,
// uncaught script errors on POST /client_error/, and the same-origin stand-in for the
// third-party-style logging host (src/lib/loggingHost.ts), which checks batches and drops them.
// Nothing is stored; batches are counted. The global CSRF hook covers all three.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { Form, NonEmpty, Str, typed } from '../http/schemas.ts';

/** Events per batch and bytes per event (§9 batch limits). */
export const MAX_BATCH_EVENTS = 1000;
export const MAX_EVENT_BYTES = 2048;
/** A full batch of the largest events, JSON overhead and form encoding included. */
const MAX_BATCH_CHARS = MAX_BATCH_EVENTS * (MAX_EVENT_BYTES + 16);
const BZ_BODY_LIMIT = MAX_BATCH_CHARS * 3 + 1024; // percent-encoding may triple the size

/** The stand-in logging host: its default base URL plus the events path. */
export const LOGGING_HOST_EVENTS_URL = '/ajax/logging/client_events/';

const BzBody = Form({ q: NonEmpty(MAX_BATCH_CHARS) });
const ClientErrorBody = Form({
  message: NonEmpty(2000),
  stack: Type.Optional(Str(10_000)),
  url: NonEmpty(2000),
});

/** Parses and checks a batch: a JSON array of 1..1000 objects, each at most 2 KB as JSON. */
export function parseEventBatch(raw: string): Record<string, unknown>[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest('The event batch is not valid JSON.');
  }
  if (!Array.isArray(value) || value.length === 0) {
    throw badRequest('The event batch must be a non-empty list.');
  }
  if (value.length > MAX_BATCH_EVENTS) throw badRequest('Too many events in one batch.');
  for (const event of value) {
    if (!event || typeof event !== 'object' || Array.isArray(event)) {
      throw badRequest('Every event must be an object.');
    }
    if (Buffer.byteLength(JSON.stringify(event)) > MAX_EVENT_BYTES) {
      throw badRequest('An event is too large.');
    }
  }
  return value as Record<string, unknown>[];
}

export async function telemetryRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  let received = 0;

  typed(app).post(
    '/ajax/bz',
    { schema: { body: BzBody }, bodyLimit: BZ_BODY_LIMIT },
    async (req) => {
      const events = parseEventBatch(req.body.q);
      received += events.length;
      req.log.debug({ events: events.length, received }, 'telemetry batch');
      return { status: 'ok' };
    },
  );

  // Same body and checks as /ajax/bz: a real logging host would parse the batch, so bad input is
  // a 4xx here too, but the events are discarded.
  typed(app).post(
    LOGGING_HOST_EVENTS_URL,
    { schema: { body: BzBody }, bodyLimit: BZ_BODY_LIMIT },
    async (req) => {
      const events = parseEventBatch(req.body.q);
      req.log.debug({ events: events.length }, 'logging host batch (discarded)');
      return { status: 'ok' };
    },
  );

  typed(app).post('/client_error/', { schema: { body: ClientErrorBody } }, async (req) => {
    const { message, stack, url } = req.body;
    req.log.warn({ clientError: { message, stack, url }, viewer: req.viewer?.id }, 'client error');
    return { status: 'ok' };
  });
}
