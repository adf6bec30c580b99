/**
 * Requests are answered in the order they arrived.
 *
 * Node reads every connection that has data in one batch of the event loop and runs each
 * request's handler as it reads it (up to its first wait for I/O) before the next batch. Under a
 * crowd a batch is dozens of requests long, and Linux lists a level-triggered connection it has
 * just reported *first* in its next batch: a member whose request was answered early in one
 * batch had the next one answered early in the following batch, ahead of members who had been
 * waiting before it was sent. Measured in the load case (50 members, one process): a request
 * was served after up to 48 requests sent after it, and the p99 was twice the median.
 *
 * Here a request joins a queue when it is read, and the queue starts one request per turn of
 * the event loop (setImmediate; Node settles the request's promises before the next
 * immediate), so Node reads the sockets again between two requests: a request waits for those
 * that arrived before it, give or take those read in the same turn, not for a batch. The cost
 * is one more turn of the event loop per request, a few microseconds.
 */
import http from 'node:http';
import type { FastifyServerFactory } from 'fastify';

type Handle = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Runs `handle` for each request in the order `push` saw them, one per event loop turn. */
export function arrivalQueue(handle: Handle) {
  // Started requests leave their slot empty (not kept alive until the queue drains).
  const waiting: (Parameters<Handle> | undefined)[] = [];
  let next = 0;
  let scheduled = false;
  const run = () => {
    const [req, res] = waiting[next]!;
    waiting[next] = undefined;
    next += 1;
    try {
      handle(req, res);
    } finally {
      if (next === waiting.length) {
        waiting.length = 0;
        next = 0;
        scheduled = false;
      } else {
        // Drop what has been started now and then, not on every request.
        if (next >= 1024) {
          waiting.splice(0, next);
          next = 0;
        }
        setImmediate(run);
      }
    }
  };
  return {
    push(req: http.IncomingMessage, res: http.ServerResponse) {
      waiting.push([req, res]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(run);
      }
    },
    /** Requests read but not started yet. */
    get length() {
      return waiting.length - next;
    },
  };
}

/**
 * Fastify's `serverFactory`: a plain HTTP/1.1 server whose requests go through one arrival
 * queue, with the timeouts Fastify gives the server it makes itself.
 */
export const arrivalOrderServer: FastifyServerFactory = (handler, options) => {
  const queue = arrivalQueue(handler);
  const http1 = (options.http ?? {}) as http.ServerOptions;
  const server = http.createServer(http1, (req, res) => queue.push(req, res));
  server.keepAliveTimeout = Number(options.keepAliveTimeout ?? 72_000);
  server.requestTimeout = Number(options.requestTimeout ?? 0);
  server.setTimeout(Number(options.connectionTimeout ?? 0));
  return server;
};
