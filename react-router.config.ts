import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./src/shared/site-map.ts";

// ADR 001: public pages are prerendered to static HTML; everything else is a client-rendered SPA.
export default {
  appDirectory: "src/web",
  // BUILD_DIR lets parallel test runs keep separate builds (README, configuration).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: false,
  prerender: [...prerenderedPaths],
} satisfies Config;
