// Money model soak (ADR 231, docs/money.md "Invariants and the model test"). The model test of
// src/server/processes/money-model.test.ts run longer: MODEL_OPERATIONS operations (default 20,000)
// through the HTTP API of real server processes on one engine, then every invariant checked for
// every booking and payment. Prints one JSON line; exits 1 when an invariant is broken, after the
// seed and the shortest path found (replay with MODEL_SEED or MODEL_PATH in the model test).
// Run: npm run bench:money-model  (BENCH_ENGINE=sqlite|postgres, default postgres; DATABASE_URL for
// PostgreSQL, else postgres://postgres@127.0.0.1:5432/test; MODEL_SEED, MODEL_GROUPS,
// MODEL_SKIP_GROUPS as in the test)
import { loadavg } from "node:os";

const engine = process.env.BENCH_ENGINE === "sqlite" ? "sqlite" : "postgres";
// The test support reads the PostgreSQL to use when it is loaded, so it is loaded after this.
if (engine === "postgres") process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const { describeResult, modelSettings, runModel, startWorld } = await import("../src/server/test-support/money-model.ts");

const settings = modelSettings(process.env, { operations: 20_000 });
const started = Date.now();
const world = await startWorld(engine);
let failed = false;
try {
  const result = await runModel(world, { ...settings, log: (line) => console.error(`[${engine}] ${line}`) });
  if (result.violations.length > 0) {
    failed = true;
    console.error(describeResult(engine, result));
  }
  console.log(
    JSON.stringify({
      benchmark: "money-model",
      engine,
      seed: result.seed,
      groups: settings.groups,
      operations: result.operations,
      bookings: result.bookings,
      invariantChecks: result.checks,
      processKills: result.kills,
      violations: result.violations.length,
      brokenInvariants: [...new Set(result.violations.map((violation) => violation.invariant))],
      shortestPath: result.shortest ?? null,
      operationsPerSecond: Math.round((result.operations / result.elapsedMs) * 1000 * 10) / 10,
      runSeconds: Math.round(result.elapsedMs / 100) / 10,
      totalSeconds: Math.round((Date.now() - started) / 100) / 10,
      loadAverage: loadavg()[0],
    }),
  );
} finally {
  await world.close();
}
process.exit(failed ? 1 : 0);
