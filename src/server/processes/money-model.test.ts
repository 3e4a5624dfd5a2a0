import { afterAll, describe, expect, it } from "vitest";
import { describeResult, modelSettings, runModel, startWorld, type World } from "../test-support/money-model.ts";
import { testEngines } from "../test-support/test-app.ts";

// ADR 231, docs/money.md "Invariants and the model test": a seeded run of interleaved operations
// through the HTTP API of real server processes; after it, every booking and payment keeps the
// invariants. A failure prints the seed and the shortest path found; MODEL_SEED / MODEL_PATH replay it.

/** Groups whose fault is still open, left out of the CI run until it is fixed (MODEL_GROUPS=… runs them). */
const openFaults: string[] = [];

for (const engine of testEngines) {
  describe(`the money model [${engine}]`, () => {
    let world: World | undefined;
    afterAll(async () => {
      await world?.close();
    });

    it("keeps every invariant over a thousand interleaved operations", async () => {
      const settings = modelSettings(undefined, { operations: 1000, seed: 20261129, skippedGroups: openFaults });
      const started = Date.now();
      world = await startWorld(engine);
      console.log(`[${engine}] world ready in ${Date.now() - started} ms`);
      const result = await runModel(world, { ...settings, log: (line) => console.log(`[${engine}] ${line}`) });
      const report = describeResult(engine, result);
      console.log(report);
      expect(result.violations, report).toEqual([]);
    }, 600_000);
  });
}
