import { defineConfig } from "vitest/config";

/**
 * Files whose assertions hold a real-time window open while other operating-system processes work:
 * servers started as processes and killed mid-write, job leases running out, schemas dropped under
 * a migration. They run one at a time after the rest, so a second test file never shares the cores
 * with them (ADR 194).
 */
const timingSensitive = [
  "src/server/processes/**/*.test.ts",
  "src/server/db/schema-drop-race.test.ts",
  "src/server/db/booking-lines-migration.test.ts",
  "src/server/db/migrations/*.test.ts",
  "src/server/backup/**/*.test.ts",
  "src/server/admin-create.test.ts",
];

export default defineConfig({
  define: {
    __SITE_CONFIG__: JSON.stringify({
      supportEmail: "support@example.test",
      supportPhone: "+46 8 000 00 00",
      seller: { name: "Test AB", address: "Testgatan 1, 111 11 Stockholm", organisationNumber: "556012-5790", vatNumber: "SE556012579001" },
      socialLinks: [],
    }),
  },
  test: {
    environment: "node",
    // A timeout is not a measure of speed here (benchmarks in bench/ are): the tests that hash a
    // dozen passwords (scrypt, CPU-bound by design) or write a thousand bookings outlasted 20 s on a
    // 2-core host with two busy neighbours, the load CI must pass under (docs/performance.md).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file has its own database (SQLite file or PostgreSQL schema) and its own free ports.
    pool: "forks",
    projects: [
      {
        extends: true,
        // ADR 254: the server's files import the whole server (seconds of module loading each) and
        // keep no state between files beyond caches of pure results: each makes its own app,
        // database and ports. They share one module cache per worker instead of loading it again.
        test: {
          name: "server",
          include: ["src/server/**/*.test.ts"],
          exclude: timingSensitive,
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // The pages' and shared modules' files mock modules, stub globals and fake timers: isolated.
        test: {
          name: "shared",
          include: ["src/**/*.test.{ts,tsx}"],
          exclude: [...timingSensitive, "src/server/**"],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      { extends: true, test: { name: "alone", include: timingSensitive, maxWorkers: 1, sequence: { groupOrder: 2 } } },
    ],
  },
});
