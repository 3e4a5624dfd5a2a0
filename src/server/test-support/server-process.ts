import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { freePort } from "./smtp-sink.ts";

// The production server as a real operating-system process (`node src/server/index.ts`, as
// `npm run serve` starts it), for tests and benchmarks that need what app.request() cannot give:
// several processes on one database, a SIGKILL in the middle of a write, a restart.

export type ServerProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (for failure messages). */
  output: () => string;
  /** SIGTERM and wait for the exit (the server's clean shutdown). */
  stop: () => Promise<void>;
  /** SIGKILL and wait for the exit: a crash, a power cut, the OOM killer. */
  kill: () => Promise<void>;
};

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts the server with NODE_ENV=production on a free port (or `port`) and resolves once
 * /api/ready answers 200. `env` is merged over a production baseline; DATA_DIR and AUTH_SECRET
 * are required so that a restart can find the same files and sessions.
 */
export async function startServerProcess(options: {
  env: Record<string, string> & { DATA_DIR: string; AUTH_SECRET: string };
  port?: number;
  readyTimeoutMs?: number;
  /** Node flags before the script, e.g. ["--cpu-prof", "--cpu-prof-dir=/tmp/profile"] to profile a benchmark run. */
  nodeArguments?: string[];
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArguments ?? []), "src/server/index.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      BUILD_DIR: `${options.env.DATA_DIR}/no-build`,
      LOG_LEVEL: "warn",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before it was ready:\n${output}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server was not ready within the timeout:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    port,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await waitForExit(child);
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await waitForExit(child);
    },
  };
}

/** A fresh schema in the PostgreSQL at `baseUrl`, and a DATABASE_URL that works inside it. */
export async function createPostgresSchema(baseUrl: string): Promise<{ schema: string; url: string; drop: () => Promise<void> }> {
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    schema,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}
