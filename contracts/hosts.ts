/**
 * Host rules shared by the app and the server (spec sections 2, 4 and 6): which hosts are
 * production, staging, review, QA or local; demo pages exist only on local, review and QA
 * hosts; /Redirect forwards only to allow-listed hosts. The server's environment may widen
 * these lists per deployment; these are the defaults both sides start from.
 */
export type HostKind = 'production' | 'staging' | 'review' | 'qa' | 'local';

/** A pattern is an exact host name or `*.suffix` for any sub-domain of suffix. */
export type HostPattern = string;

export const DefaultHostsByKind: Readonly<Record<HostKind, readonly HostPattern[]>> = {
  production: ['portal.example.jp'],
  staging: ['stg.portal.example.jp'],
  review: ['review.portal.example.test', '*.review.portal.example.test'],
  qa: ['qa.portal.example.test'],
  local: ['localhost', '127.0.0.1', '[::1]', '*.localhost'],
};

/** Hosts /Redirect may forward to (the external order provider and its sandbox). */
export const DefaultRedirectAllowedHosts: readonly HostPattern[] = ['order.sandbox.localhost'];

/** Hosts whose referrer may open any page directly; none unless a deployment names them. */
export const DefaultEntryAllowedHosts: readonly HostPattern[] = [];

const DemoHostKinds: readonly HostKind[] = ['local', 'review', 'qa'];

export function hostMatches(host: string, pattern: HostPattern): boolean {
  const name = host.trim().toLowerCase();
  const rule = pattern.trim().toLowerCase();
  if (rule.startsWith('*.')) return name.endsWith(rule.slice(1)) && name.length > rule.length - 1;
  return name === rule;
}

export function matchesAnyHost(host: string, patterns: readonly HostPattern[]): boolean {
  return patterns.some((pattern) => hostMatches(host, pattern));
}

/**
 * The kind of a host. An unknown host counts as production, so that a misconfigured
 * deployment never serves demo pages or debug tags.
 */
export function hostKind(host: string, hosts: Readonly<Record<HostKind, readonly HostPattern[]>> = DefaultHostsByKind): HostKind {
  const order: readonly HostKind[] = ['local', 'review', 'qa', 'staging', 'production'];
  return order.find((kind) => matchesAnyHost(host, hosts[kind])) ?? 'production';
}

/** "Demo and dummy pages are blocked on production hosts; allowed on local, review and QA hosts." */
export function isDemoHostKind(kind: HostKind): boolean {
  return DemoHostKinds.includes(kind);
}
