import { createHash } from "node:crypto";
import { loadavg } from "node:os";

// A benchmark's latency target means the same on any host only when it follows the host's speed
// at the time of the run (ADR 202, docs/performance.md "Targets that follow the host"). This
// measures a fixed piece of single-threaded work shaped like a request — JSON out and back,
// hashing, string building — several times and keeps the median, and compares it with the same
// work on the reference host (the 2-core development machine, quiet). A latency target written for
// the reference host is scaled by that factor: a host twice as slow, or as busy, gets twice the
// milliseconds; a faster one fewer. Throughput targets need no factor: they are ratios within a
// run (bench:booking, bench:load).

/**
 * The calibration work on the reference host with a core to itself, in milliseconds: the fastest
 * rounds on the 2-core development machine measured 3.6–3.7 ms (docs/performance.md); on a quiet
 * machine the median equals them.
 */
export const referenceCalibrationMs = 3.7;

const payload = Array.from({ length: 400 }, (_, index) => ({
  id: `booking-${index}`,
  location: "Stockholm, Sweden",
  startDate: "2026-12-05",
  services: [{ serviceId: "svc-residential", options: { guards: 2, days: 3, timeOfDay: "night" } }],
  totalCents: 149_700 + index,
}));

function calibrationRound(): number {
  const started = performance.now();
  let digest = "";
  for (let repeat = 0; repeat < 10; repeat += 1) {
    const text = JSON.stringify(payload);
    const parsed = JSON.parse(text) as typeof payload;
    digest = createHash("sha256").update(text).update(digest).digest("hex");
    let lines = "";
    for (const entry of parsed) lines += `${entry.id};${entry.location};${entry.totalCents}\n`;
    digest += lines.length;
  }
  if (digest.length === 0) throw new Error("unreachable");
  return performance.now() - started;
}

export type HostSpeed = {
  /** The median of the calibration rounds on this host, now. */
  calibrationMs: number;
  referenceCalibrationMs: number;
  /** calibrationMs ÷ referenceCalibrationMs: above 1, this host is slower (or busier) than the reference. */
  slowdown: number;
  loadAverage: number;
  /** The rounds themselves, in milliseconds (left out of the printed summary). */
  rounds: number[];
};

/** What a benchmark prints of the host's speed. */
export function describeHost({ rounds: _rounds, ...host }: HostSpeed) {
  return host;
}

/**
 * Measures the host: 5 warm-up rounds, then 21 rounds. Call it before and after the measurement and
 * combine the two with `hostSpeedOver`, so that the factor covers the load during the run.
 */
export function measureHostSpeed(): HostSpeed {
  for (let round = 0; round < 5; round += 1) calibrationRound();
  return speedOf(Array.from({ length: 21 }, calibrationRound));
}

/** The host's speed over a run: the median of the rounds before and after it. */
export function hostSpeedOver(before: HostSpeed, after: HostSpeed): HostSpeed {
  return speedOf([...before.rounds, ...after.rounds]);
}

function speedOf(rounds: number[]): HostSpeed {
  const sorted = [...rounds].sort((a, b) => a - b);
  const calibrationMs = Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 100) / 100;
  return {
    rounds,
    calibrationMs,
    referenceCalibrationMs,
    slowdown: Math.round((calibrationMs / referenceCalibrationMs) * 100) / 100,
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}

/** A latency target written for the reference host, on this host: target × slowdown, in milliseconds. */
export function scaledTargetMs(targetMs: number, host: HostSpeed): number {
  return Math.round(targetMs * host.slowdown * 100) / 100;
}
