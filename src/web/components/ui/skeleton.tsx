import { classNames } from "./class-names.ts";

/** A placeholder block while content loads; decorative, so the loading state must be announced
 * by its container (role="status" with a text). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={classNames("animate-pulse rounded bg-mist/45", className)} />;
}
