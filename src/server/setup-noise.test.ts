import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import reactRouterConfig from "../../react-router.config.ts";

// A newcomer's `npm install` and `npm start` print nothing to wonder about (ADR 004): npm 11 lists
// every dependency whose install script package.json's allowScripts does not name, and React
// Router lists every v8 behaviour the config leaves undecided.

type PackageManifest = { name?: string; scripts?: Record<string, string>; allowScripts?: Record<string, boolean> };

const root = path.resolve(import.meta.dirname, "../..");
const readManifest = (file: string) => JSON.parse(readFileSync(file, "utf8")) as PackageManifest;

function installedPackages(directory = path.join(root, "node_modules")): PackageManifest[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name.startsWith(".")) return [];
    const folder = path.join(directory, entry.name);
    if (entry.name.startsWith("@")) return installedPackages(folder);
    try {
      return [readManifest(path.join(folder, "package.json"))];
    } catch {
      return [];
    }
  });
}

describe("set-up output", () => {
  it("names every installed dependency with an install script in allowScripts", () => {
    const allowed = readManifest(path.join(root, "package.json")).allowScripts ?? {};
    const withScripts = installedPackages()
      .filter((manifest) => ["preinstall", "install", "postinstall"].some((hook) => manifest.scripts?.[hook]))
      .map((manifest) => manifest.name);
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => !name || !(name in allowed))).toEqual([]);
  });

  it("decides every future flag React Router warns about", () => {
    const plugin = readFileSync(path.join(root, "node_modules/@react-router/dev/dist/vite.js"), "utf8");
    const warned = [...plugin.matchAll(/future\.(v8_\w+) === void 0/g)].map((match) => match[1]);
    expect(warned.length).toBeGreaterThan(0);
    const decided = Object.keys(reactRouterConfig.future ?? {});
    expect(warned.filter((flag) => !decided.includes(flag!))).toEqual([]);
  });
});
