import { spawn } from "node:child_process";

/** Runs a command with inherited output and resolves with its exit code. */
export function run(command: string, args: string[], env: Record<string, string | undefined> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs a command beside other output, keeping its own until it ends: resolves with its exit code
 * and everything it printed, so a caller can print it whole (or only when it failed).
 */
export function runQuietly(
  command: string,
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("close", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString("utf8") }));
  });
}
