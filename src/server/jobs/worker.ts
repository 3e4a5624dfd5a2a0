import { systemClock } from "../clock.ts";
import type { AppDependencies } from "../context.ts";
import { createJobHandlers } from "./handlers.ts";
import { startJobRunner } from "./runner.ts";
import type { JobWorker, JobWorkerOptions, JobWorkerSettings } from "./types.ts";

// The job worker of one process (ADR 095, 096): the runner (runner.ts) given the map of handlers
// (handlers.ts). server.ts starts one; a test starts its own with its own clock and intervals.

const defaults = {
  pollIntervalMs: 1000,
  baseBackoffMs: 5000,
  maxBackoffMs: 15 * 60 * 1000,
  claimMs: 2 * 60 * 1000,
  batchSize: 20,
  parallelSends: 3,
  failureLogIntervalMs: 60_000,
};

export function startJobWorker(deps: AppDependencies, options: JobWorkerOptions = {}): JobWorker {
  const settings: JobWorkerSettings = { ...defaults, ...options, clock: options.clock ?? systemClock };
  return startJobRunner(deps, createJobHandlers(deps, settings, options), settings);
}
