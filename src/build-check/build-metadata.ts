/**
 * The running build's metadata (spec section 7: "a build metadata file is fetched by build
 * ID"): `/builds/<buildId>/build.json`, written by the build (vite.config.ts) and served with
 * immutable caching, so each browser asks once per build. It holds what support staff ask the
 * customer to read out (the version and the build time, shown in the footer); a build the server
 * no longer has (404) means the portal was redeployed under this page, so the latest build is
 * checked at once instead of within the hour. docs/decisions/0091-build-metadata-by-build-id.md.
 */
import { z } from 'zod/mini';
import { formatDateTimeToMinute } from '../../contracts/text/japan-time';
import { BuildInfoSchema } from './build-check';
import { buildMetadataStore } from './build-metadata-store';

export const BuildMetadataSchema = z.object({
  buildId: BuildInfoSchema.shape.buildId,
  builtAt: z.iso.datetime(),
  version: z.string().check(z.regex(/^[0-9]+\.[0-9]+\.[0-9]+/)),
});
export type BuildMetadata = z.infer<typeof BuildMetadataSchema>;

export const buildMetadataPath = (buildId: string): string => `/builds/${encodeURIComponent(buildId)}/build.json`;

export type BuildMetadataOptions = {
  readonly buildId: string;
  readonly fetch?: typeof fetch;
  /** The server no longer has this build. */
  readonly onGone: () => void;
};

/** Fetches the running build's metadata; an answer for another build or a malformed one is ignored. */
export async function loadBuildMetadata(options: BuildMetadataOptions): Promise<void> {
  const fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let response: Response;
  try {
    response = await fetchFn(buildMetadataPath(options.buildId), { credentials: 'same-origin' });
  } catch {
    // Offline: the footer simply shows no version.
    return;
  }
  if (response.status === 404) {
    options.onGone();
    return;
  }
  if (!response.ok) return;
  const parsed = BuildMetadataSchema.safeParse(await response.json().catch(() => null));
  if (parsed.success && parsed.data.buildId === options.buildId) {
    buildMetadataStore.set({ label: { version: parsed.data.version, builtAt: formatDateTimeToMinute(new Date(parsed.data.builtAt)) } });
  }
}
