import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// ADR 236: the server's modules form layers without cycles, types included: a job handler names
// jobs/types.ts, never the runner; context.ts (the dependencies) imports no feature; the mail
// templates' registry owns the rendered mail's type. A cycle makes a newcomer read in circles and
// makes the order modules load in matter, so it fails here, naming the modules in it.

const serverRoot = path.resolve("src/server");

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "test-support" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative module a file imports or re-exports, type-only imports included. */
function importsOf(file: string, known: Set<string>): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = [...source.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+["'](\.[^"']+)["']/gms)].map((match) => match[1] ?? "");
  return specifiers.map((specifier) => path.resolve(path.dirname(file), specifier)).filter((target) => known.has(target));
}

/** The strongly connected groups of more than one module (Tarjan's algorithm). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (module: string) => {
    index.set(module, counter);
    lowest.set(module, counter);
    counter += 1;
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(module, Math.min(lowest.get(module) ?? 0, lowest.get(target) ?? 0));
      } else if (onStack.has(target)) {
        lowest.set(module, Math.min(lowest.get(module) ?? 0, index.get(target) ?? 0));
      }
    }
    if (lowest.get(module) !== index.get(module)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(path.relative(serverRoot, member));
    } while (member !== module);
    if (group.length > 1) found.push(group.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return found;
}

describe("the server's modules", () => {
  it("import one another without a cycle", () => {
    const files = sourceFiles(serverRoot);
    const known = new Set(files);
    const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });
});
