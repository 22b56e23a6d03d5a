/**
 * `npm run dev`: the API server (restarted on change by tsx watch) and Vite (hot reload),
 * with Vite's proxy handing /api, /oidc, /auth and /sandbox to the server. Customers use
 * Vite's URL, which is therefore the public URL sign-on redirects to.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const vitePort = 5173;
const serverPort = Number(process.env.PORT ?? 3000);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${vitePort}`;

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', PORT: String(serverPort), PUBLIC_URL: publicUrl },
  }),
  spawn('npx', ['vite', '--port', String(vitePort), '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(serverPort) },
  }),
];

console.log(`\n開発用URL: ${publicUrl}\n`);

let stopping = false;
function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
