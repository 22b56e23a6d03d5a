/**
 * The build check (spec sections 7 and 9): every 60 minutes the app asks for
 * /build-info.json?t=<timestamp>; a newer build than the running one offers a reload.
 * Build ids start with the build time (yyyymmddhhmmss), so "newer" is a string comparison.
 */
import { z } from 'zod/mini';
import { logger } from '../lib/logger';
import { createMemoryStore } from '../stores/store-core';

export const BuildInfoSchema = z.object({
  buildId: z.string().check(z.regex(/^[0-9]{14}-[0-9a-f]+$/)),
  builtAt: z.string(),
});
export type BuildInfo = z.infer<typeof BuildInfoSchema>;

export const BuildInfoPath = '/build-info.json';

/** Whether `latest` is a later build than `running`; a dev or unknown running id never is. */
export function isNewerBuild(running: string, latest: string): boolean {
  if (!BuildInfoSchema.shape.buildId.safeParse(running).success) return false;
  return latest > running;
}

export async function fetchLatestBuild(fetchFn: typeof fetch, now: number): Promise<BuildInfo | undefined> {
  try {
    const response = await fetchFn(`${BuildInfoPath}?t=${now}`, { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) return undefined;
    const parsed = BuildInfoSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Offline or mid-deploy: the next check tries again.
    return undefined;
  }
}

/** The banner's state: the newer build on offer, or null. */
export const buildUpdateStore = createMemoryStore<{ readonly latest: string | null; readonly dismissed: boolean }>(() => ({
  latest: null,
  dismissed: false,
}));

export type BuildCheckOptions = {
  readonly runningBuildId: string;
  readonly intervalMs: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
  readonly onNewer?: (latest: BuildInfo) => void;
};

/** Checks once per interval; `checkNow` checks at once (the running build is no longer served). */
export function startBuildCheck(options: BuildCheckOptions): { readonly stop: () => void; readonly checkNow: () => Promise<void> } {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const onNewer =
    options.onNewer ??
    ((latest: BuildInfo) => {
      if (buildUpdateStore.get().latest !== latest.buildId) buildUpdateStore.set({ latest: latest.buildId, dismissed: false });
    });
  const check = async () => {
    const latest = await fetchLatestBuild(fetchFn, now());
    if (latest !== undefined && isNewerBuild(options.runningBuildId, latest.buildId)) {
      logger.info('a newer build is available', { running: options.runningBuildId, latest: latest.buildId });
      onNewer(latest);
    }
  };
  const timer = setInterval(() => void check(), options.intervalMs);
  return { stop: () => clearInterval(timer), checkNow: check };
}
