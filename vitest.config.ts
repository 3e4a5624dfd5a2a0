import { defineConfig } from "vitest/config";

export default defineConfig({
  define: {
    __SITE_CONFIG__: JSON.stringify({
      supportEmail: "support@example.test",
      supportPhone: "+46 8 000 00 00",
      companyRegistration: "Test AB",
      companyRegistrationSwedish: "Test AB",
      socialLinks: [],
    }),
  },
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores: files run in parallel, each with its own database (SQLite file or PostgreSQL schema).
    pool: "forks",
  },
});
