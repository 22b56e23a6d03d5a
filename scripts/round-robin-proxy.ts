/**
 * A round-robin HTTP proxy for running the portal as several processes behind one address
 * (docs/decisions/0046-two-processes.md): each request goes to the next server in turn, so one
 * customer's sign-in and apply flow alternate between them. Each answer says which server gave
 * it (X-Served-By: 1, 2, ...), and the proxy counts them.
 *
 *   node --import tsx scripts/round-robin-proxy.ts --port 4010 http://127.0.0.1:4011 http://127.0.0.1:4012
 *
 * Start every server with the same DATABASE_URL and SESSION_SECRET and PUBLIC_URL set to the
 * proxy's address. Not a production load balancer: no health checks, no retries, no TLS.
 */
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';

export type RoundRobinProxy = {
  readonly origin: string;
  /** Requests each server answered, in the order of `targets`. */
  readonly served: number[];
  close(): Promise<void>;
};

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

function withoutHopByHop(headers: IncomingMessage['headers']): IncomingMessage['headers'] {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

export async function startRoundRobinProxy(options: { host?: string; port: number; targets: readonly string[] }): Promise<RoundRobinProxy> {
  if (options.targets.length === 0) throw new Error('at least one target server');
  const targets = options.targets.map((target) => new URL(target));
  const served = targets.map(() => 0);
  let next = 0;

  const server: Server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const index = next;
    next = (next + 1) % targets.length;
    const target = targets[index] as URL;
    const upstream = forward(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: {
          ...withoutHopByHop(incoming.headers),
          'x-forwarded-for': incoming.socket.remoteAddress ?? '',
          'x-forwarded-proto': 'http',
          'x-forwarded-host': incoming.headers.host ?? '',
        },
      },
      (answer) => {
        served[index] = (served[index] ?? 0) + 1;
        outgoing.writeHead(answer.statusCode ?? 502, { ...withoutHopByHop(answer.headers), 'x-served-by': String(index + 1) });
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      outgoing.end('upstream unavailable');
    });
    incoming.pipe(upstream);
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  return {
    origin: `http://${host}:${options.port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const portAt = args.indexOf('--port');
  const port = portAt >= 0 ? Number(args[portAt + 1]) : 4010;
  const targets = args.filter((arg, index) => arg.startsWith('http') && index !== portAt + 1);
  const proxy = await startRoundRobinProxy({ port, targets });
  process.stdout.write(`round-robin proxy ${proxy.origin} -> ${targets.join(', ')}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void proxy.close().then(() => process.exit(0)));
}
