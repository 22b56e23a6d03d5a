import type { ReactNode } from 'react';

/** A step that waits: a spinner and what is happening, announced politely. Its own module so a page that only waits loads nothing of the steps. */
export function BusyLine({ children }: { readonly children: ReactNode }) {
  return (
    <div className="busy-line" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}
