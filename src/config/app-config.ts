/**
 * The app's configuration: host rules from the page's own host name (shared lists in
 * contracts/hosts.ts) plus the few values fixed at build time. Nothing else in src/ reads
 * import.meta.env or window.location.hostname for configuration.
 */
import { z } from 'zod/mini';
import {
  DefaultEntryAllowedHosts,
  DefaultRedirectAllowedHosts,
  hostKind,
  isDemoHostKind,
  matchesAnyHost,
  type HostKind,
  type HostPattern,
} from '../../contracts/hosts';

export type TagManagerConfig = { readonly id: string | undefined; readonly enabled: boolean; readonly debug: boolean };

export type AppConfig = {
  readonly host: string;
  readonly hostKind: HostKind;
  readonly demoAllowed: boolean;
  readonly entryAllowedHosts: readonly HostPattern[];
  readonly redirectAllowedHosts: readonly HostPattern[];
  readonly tagManager: TagManagerConfig;
  readonly buildId: string;
  readonly buildCheckIntervalMs: number;
  readonly logLevel: string | undefined;
};

const hostListSchema = z.pipe(
  z.optional(z.string()),
  z.transform((value) =>
    (value ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== ''),
  ),
);

const BuildEnvSchema = z.object({
  VITE_BUILD_ID: z._default(z.string().check(z.minLength(1)), 'dev'),
  VITE_TAG_MANAGER_ID: z.catch(z.optional(z.string().check(z.regex(/^GTM-[A-Z0-9]+$/))), undefined),
  VITE_ENTRY_ALLOWED_HOSTS: hostListSchema,
  VITE_REDIRECT_ALLOWED_HOSTS: hostListSchema,
  VITE_LOG_LEVEL: z.optional(z.string()),
});
export type BuildEnv = z.input<typeof BuildEnvSchema>;

/** Spec section 9: the build manifest is checked every 60 minutes. */
export const BuildCheckIntervalMs = 60 * 60 * 1000;

/** Spec section 6: production tags without debug, test hosts with debug, local none. */
export function tagManagerFor(kind: HostKind, id: string | undefined): TagManagerConfig {
  const enabled = kind !== 'local' && id !== undefined;
  return { id, enabled, debug: enabled && kind !== 'production' };
}

export function createAppConfig(host: string, env: BuildEnv): AppConfig {
  const parsed = BuildEnvSchema.parse(env);
  const kind = hostKind(host);
  return {
    host: host.toLowerCase(),
    hostKind: kind,
    demoAllowed: isDemoHostKind(kind),
    entryAllowedHosts: [...DefaultEntryAllowedHosts, ...parsed.VITE_ENTRY_ALLOWED_HOSTS],
    redirectAllowedHosts: [...DefaultRedirectAllowedHosts, ...parsed.VITE_REDIRECT_ALLOWED_HOSTS],
    tagManager: tagManagerFor(kind, parsed.VITE_TAG_MANAGER_ID),
    buildId: parsed.VITE_BUILD_ID,
    buildCheckIntervalMs: BuildCheckIntervalMs,
    logLevel: parsed.VITE_LOG_LEVEL,
  };
}

/** Whether a URL may be the target of /Redirect: https (http locally) and an allow-listed host. */
export function isAllowedRedirectTarget(config: Pick<AppConfig, 'hostKind' | 'redirectAllowedHosts'>, target: string): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  // Plain http only towards the local sandbox providers.
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && config.hostKind === 'local');
  if (!secure) return false;
  if (url.username !== '' || url.password !== '') return false;
  return matchesAnyHost(url.hostname, config.redirectAllowedHosts);
}

/** Whether a referrer counts as an allowed origin for direct access (spec section 4). */
export function isAllowedReferrer(config: Pick<AppConfig, 'entryAllowedHosts'>, referrer: string): boolean {
  if (referrer === '') return false;
  try {
    return matchesAnyHost(new URL(referrer).hostname, config.entryAllowedHosts);
  } catch {
    return false;
  }
}

export const appConfig: AppConfig = createAppConfig(
  typeof window === 'undefined' ? 'localhost' : window.location.hostname,
  import.meta.env,
);
