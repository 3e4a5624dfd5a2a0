/**
 * Where background work reads the time (ADR 096): the system clock in the server, a clock a test
 * moves by hand to run a job due tomorrow without waiting for it.
 */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved; for tests of scheduled work. */
export function manualClock(start: Date): Clock & { set: (instant: Date) => void; advance: (milliseconds: number) => void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (instant) => {
      current = instant.getTime();
    },
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}
