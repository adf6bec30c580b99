/**
 * A loopback TCP proxy in front of the server that counts the bytes the browser sends and can
 * cut every connection once that count passes a threshold — a dropped network, mid-request.
 */
import net from 'node:net';

export interface CuttingProxy {
  url: string;
  /** Bytes browser → server since the last reset(). */
  sent(): number;
  reset(): void;
  /** HTTP requests the browser started on the wire since reset(), by method (approximate:
   *  counts data chunks that begin with a request line). */
  requests(): Record<string, number>;
  /** Destroys all sockets (once) when sent() passes `bytes`. */
  cutAfter(bytes: number): void;
  cuts(): number;
  close(): Promise<void>;
}

export function startProxy(targetPort: number): Promise<CuttingProxy> {
  const sockets = new Set<net.Socket>();
  let sent = 0;
  let requests: Record<string, number> = {};
  let cutAt: number | null = null;
  let cuts = 0;
  const cutAll = () => {
    cuts += 1;
    for (const s of sockets) s.destroy();
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      const method = /^(GET|HEAD|POST|PATCH|PUT|DELETE|OPTIONS) \//.exec(
        chunk.subarray(0, 10).toString('latin1'),
      )?.[1];
      if (method) requests[method] = (requests[method] ?? 0) + 1;
      if (cutAt !== null && sent >= cutAt) {
        cutAt = null;
        cutAll();
        return;
      }
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => client.resume());
    upstream.pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', drop).on('error', drop);
    upstream.on('close', drop).on('error', drop);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        sent: () => sent,
        reset: () => {
          sent = 0;
          requests = {};
        },
        requests: () => ({ ...requests }),
        cutAfter: (bytes) => {
          cutAt = bytes;
        },
        cuts: () => cuts,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
