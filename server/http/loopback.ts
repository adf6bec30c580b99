import type { FastifyRequest } from 'fastify';
import { notFound } from './errors.ts';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** The connection's own peer address (never X-Forwarded-For) is this machine. */
export const fromThisMachine = (req: FastifyRequest): boolean =>
  LOOPBACK.test(req.socket.remoteAddress ?? '');

/**
 * onRequest guard for development tools (the SMS outbox, the stand-in login provider): they hand
 * out login codes and sessions, so a server listening on every interface (HOST=0.0.0.0) serves
 * them to this machine only; anyone else gets the ordinary 404.
 */
export async function thisMachineOnly(req: FastifyRequest): Promise<void> {
  if (!fromThisMachine(req)) throw notFound();
}
