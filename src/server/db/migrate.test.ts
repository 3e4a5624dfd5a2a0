import { expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";

// Kysely's migrator looks for its own tables in every schema of the database unless told which
// one: with a second schema already migrated (another test file running in parallel, or any other
// schema in a production database), it skipped creating them in ours and the migration failed.
describeEachEngine("migrations", (engine) => {
  it("migrate a fresh schema while another schema of the same database is already migrated", async () => {
    const apps: TestApp[] = [];
    try {
      apps.push(await createTestApp(engine));
      apps.push(await createTestApp(engine));
      const services = await apps[1]?.db.selectFrom("services").select("id").execute();
      expect(services?.length).toBeGreaterThan(0);
    } finally {
      for (const app of apps) await app.close();
    }
  });
});
