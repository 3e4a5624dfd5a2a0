import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./src/shared/site-map.ts";

// ADR 001: public pages are prerendered to static HTML; everything else is a client-rendered SPA.
export default {
  appDirectory: "src/web",
  // BUILD_DIR lets parallel test runs keep separate builds (README, configuration).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: false,
  prerender: [...prerenderedPaths],
  // React Router 7 warns at every build about each v8 behaviour not yet chosen. These keep v7's
  // behaviour, which the app is built and tested on; moving to one is a change of its own (ADR 004).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
