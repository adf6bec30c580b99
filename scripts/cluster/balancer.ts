import http from 'node:http';
import net from 'node:net';

/**
 * The load balancer in front of the Glint servers: a small Node HTTP proxy doing round robin over
 * keep-alive connections. It appends the client's address to X-Forwarded-For (the servers run with
 * TRUST_PROXY=1: the client is the address their one proxy appended), streams request and answer
 * bodies both ways with no time limit (tus PATCHes, long reads), and passes WebSocket upgrades
 * through. A server that refuses connections is skipped for RETRY_DOWN_MS; the request that found
 * it down gets a 502, which tus and the app retry.
 */

export interface Backend {
  name: string;
  host: string;
  port: number;
}

export interface BackendStats {
  /** Requests sent to this backend so far. */
  requests: number;
  /** Requests in flight on it now. */
  active: number;
}

export interface Balancer {
  url: string;
  port: number;
  stats: Map<string, BackendStats>;
  stop(): Promise<void>;
}

const RETRY_DOWN_MS = 2000;
const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
];

function forwardedHeaders(req: http.IncomingMessage): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = { ...req.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  const peer = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${String(prior)}, ${peer}` : peer;
  headers['x-forwarded-proto'] = 'http';
  return headers;
}

export async function startBalancer(opts: {
  port: number;
  backends: Backend[];
  /** Where to say that a backend failed a request (default: nowhere). */
  log?: (line: string) => void;
  /** How long a server that refused a connection is skipped (default RETRY_DOWN_MS). */
  downForMs?: number;
}): Promise<Balancer> {
  const downForMs = opts.downForMs ?? RETRY_DOWN_MS;
  const log = opts.log ?? (() => {});
  const downUntil = new Map<string, number>();
  const stats = new Map<string, BackendStats>(
    opts.backends.map((b) => [b.name, { requests: 0, active: 0 }]),
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;

  const pick = (): Backend => {
    const now = Date.now();
    for (let i = 0; i < opts.backends.length; i++) {
      const backend = opts.backends[(next + i) % opts.backends.length];
      if ((downUntil.get(backend.name) ?? 0) <= now) {
        next = (next + i + 1) % opts.backends.length;
        return backend;
      }
    }
    // All down: try them in turn anyway.
    return opts.backends[next++ % opts.backends.length];
  };
  const markDown = (backend: Backend, err: NodeJS.ErrnoException) => {
    if (err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET' || err.code === 'EPIPE') {
      downUntil.set(backend.name, Date.now() + downForMs);
    }
  };

  // A request without a body that failed before any answer (a server that died, or a keep-alive
  // socket it had just closed) is sent once more, to another server: nothing reached the first.
  const retriable = (req: http.IncomingMessage) =>
    (req.method === 'GET' || req.method === 'HEAD') && !req.headers['content-length'];

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, attempt: number) => {
    const backend = pick();
    const counts = stats.get(backend.name)!;
    counts.requests++;
    counts.active++;
    let done = false;
    const finish = () => {
      if (!done) counts.active--;
      done = true;
    };
    const upstream = http.request(
      {
        agent,
        host: backend.host,
        port: backend.port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req),
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', finish);
        answer.on('error', () => res.destroy());
      },
    );
    let clientGone = false;
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      finish();
      // Our own destroy() after the client left: the server did nothing wrong.
      if (clientGone) return;
      markDown(backend, err);
      log(`${req.method} ${req.url} on ${backend.name}: ${err.code ?? err.message}`);
      if (res.headersSent) {
        res.destroy();
      } else if (attempt === 0 && retriable(req) && !res.destroyed) {
        forward(req, res, 1);
      } else {
        res.writeHead(502, { 'content-type': 'application/json', connection: 'close' });
        res.end(
          JSON.stringify({
            status: 'fail',
            message: 'The server did not answer. Please try again.',
          }),
        );
      }
    });
    // The client went away: stop the upstream request too (a cut tus PATCH must reach the server
    // as a cut, so it keeps what arrived).
    res.on('close', () => {
      finish();
      if (res.writableFinished) return;
      clientGone = true;
      upstream.destroy();
    });
    if (retriable(req)) upstream.end();
    else req.pipe(upstream);
  };

  const server = http.createServer((req, res) => forward(req, res, 0));
  // Uploads and long reads may take minutes: no request or idle time limits here.
  server.requestTimeout = 0;
  server.timeout = 0;
  server.keepAliveTimeout = 65_000;

  server.on('upgrade', (req, socket, head) => {
    const backend = pick();
    const upstream = net.connect(backend.port, backend.host, () => {
      const headers = forwardedHeaders(req);
      headers.connection = 'Upgrade';
      headers.upgrade = req.headers.upgrade;
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(headers)) {
        for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${v}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      markDown(backend, err);
      socket.destroy();
    });
    socket.on('error', () => upstream.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${opts.port}`,
    port: opts.port,
    stats,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
