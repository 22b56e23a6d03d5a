import type { AnyRouter } from '@tanstack/react-router';

/**
 * Every path the router sets out to, in order. Tests whose flows are small stand-ins check the
 * navigation itself: the real page views would read context the stand-ins do not have.
 */
export function recordNavigations(router: AnyRouter): string[] {
  const seen: string[] = [];
  router.subscribe('onBeforeNavigate', ({ toLocation }) => seen.push(toLocation.pathname));
  return seen;
}
