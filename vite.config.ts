import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    strictPort: true,
    // In development Vite serves the app and hands everything of the server's to it.
    proxy: Object.fromEntries(
      ['/api', '/oidc', '/auth', '/sandbox', '/build-info.json'].map((prefix) => [
        prefix,
        { target: `http://127.0.0.1:${serverPort}`, changeOrigin: false, xfwd: true },
      ]),
    ),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/{contracts,machines,lib,mbt,scripts}/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['test/app/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          // Each file opens its own embedded database; two at a time fits two cores.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
