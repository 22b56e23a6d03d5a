/**
 * The portal as a real child process (`node --import tsx server/index.ts`), for the tests that
 * need what only a process has: refusing to start, being killed with SIGKILL, or running
 * twice behind a proxy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  readonly origin: string;
  readonly child: ChildProcess;
  readonly exited: Promise<Exit>;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGKILL: no shutdown hooks, no flushing; the way a crash ends a process. */
  kill(): Promise<Exit>;
  /** SIGTERM and wait: the server's own clean shutdown. */
  stop(): Promise<Exit>;
};

/** A TCP port nobody listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The environment of a spawned server: this process's PATH and friends, never its DATABASE_URL unless given. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _inherited, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'warn', ...env };
}

function spawnServer(env: Record<string, string>): { child: ChildProcess; exited: Promise<Exit>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: repositoryRoot,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

/** Runs a server that is expected to refuse to start; resolves with its exit and output. */
export async function runUntilExit(env: Record<string, string>, timeoutMs = 30_000): Promise<Exit & { output: string }> {
  const { child, exited, output } = spawnServer(env);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exit = await exited;
  clearTimeout(timer);
  return { ...exit, output: output() };
}

/** Starts a server on `port` and waits until it answers. */
export async function startServer(port: number, env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const origin = `http://127.0.0.1:${port}`;
  const { child, exited, output } = spawnServer({ HOST: '127.0.0.1', PORT: String(port), ...env });
  let ended: Exit | undefined;
  void exited.then((exit) => (ended = exit));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (ended !== undefined) throw new Error(`the server exited (${JSON.stringify(ended)}) before answering:\n${output()}`);
    const answered = await fetch(`${origin}/api/getCurrentDate`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const end = (signal: NodeJS.Signals) => {
    if (ended === undefined) child.kill(signal);
    return exited;
  };
  return { origin, child, exited, output, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}
