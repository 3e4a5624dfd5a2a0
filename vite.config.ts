import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { developmentApiPort, loadSiteConfig } from "./src/server/env.ts";

const api = `http://127.0.0.1:${developmentApiPort()}`;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: { __SITE_CONFIG__: JSON.stringify(loadSiteConfig()) },
  server: { port: 5173, proxy: { "/api": api, "/dev": api } },
  build: { target: "es2022" },
});
