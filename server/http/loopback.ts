import type { FastifyRequest } from 'fastify';
import { notFound } from './errors.ts';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

const LOCAL_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/i;

/**
 * The request comes from this machine: the connection's own peer is loopback (never trusting
 * X-Forwarded-For), and it was not relayed, since a proxy on this machine (Vite's dev server run
 * with --host, a local nginx) would otherwise hand the network a loopback peer: no forwarding
 * headers, and a Host that names this machine.
 */
export const fromThisMachine = (req: FastifyRequest): boolean =>
  LOOPBACK.test(req.socket.remoteAddress ?? '') &&
  req.headers['x-forwarded-for'] === undefined &&
  req.headers.forwarded === undefined &&
  LOCAL_HOST.test(req.headers.host ?? '');

/**
 * onRequest guard for development tools (the SMS outbox, the stand-in login provider): they hand
 * out login codes and sessions, so a server listening on every interface (HOST=0.0.0.0) serves
 * them to this machine only; anyone else gets the ordinary 404.
 */
export async function thisMachineOnly(req: FastifyRequest): Promise<void> {
  if (!fromThisMachine(req)) throw notFound();
}
