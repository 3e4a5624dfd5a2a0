import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./test-support/smtp-sink.ts";
import { startTcpProxy } from "./test-support/tcp-proxy.ts";
import { testPostgresUrl } from "./test-support/test-app.ts";

// ADR 011: the process as `npm run serve` starts it (src/server/index.ts), with a database that
// does not answer: one line per retry, then one line and exit code 1, never a stack trace; and a
// database that comes up during the retries is used as soon as it answers.

const postgresUrl = testPostgresUrl;
const indexFile = path.join(import.meta.dirname, "index.ts");
const directories: string[] = [];

type Started = {
  code: number | null;
  stdout: string;
  stderr: string;
  stop: () => void;
  /** Resolves once the standard output contains the text. */
  printed: (text: string) => Promise<void>;
  exited: Promise<void>;
};

function startProcess(databaseUrl: string): Started {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "database-start-"));
  directories.push(dataDirectory);
  const child = spawn(process.execPath, [indexFile], {
    env: {
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDirectory,
      BUILD_DIR: path.join(dataDirectory, "no-build"),
      AUTH_SECRET: randomBytes(32).toString("hex"),
      DATABASE_URL: databaseUrl,
      DATABASE_START_RETRIES: "2",
      DATABASE_START_RETRY_INTERVAL_MS: "300",
      DATABASE_CONNECT_TIMEOUT_MS: "1000",
    },
  });
  const started: Started = {
    code: null,
    stdout: "",
    stderr: "",
    stop: () => child.kill("SIGTERM"),
    printed: (text) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!started.stdout.includes(text)) return;
          child.stdout.off("data", check);
          resolve();
        };
        child.stdout.on("data", check);
        check();
      }),
    exited: new Promise<void>((resolve) => {
      child.on("exit", (code) => {
        started.code = code;
        resolve();
      });
    }),
  };
  child.stdout.on("data", (chunk: Buffer) => (started.stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (started.stderr += chunk.toString()));
  const watchdog = setTimeout(() => child.kill("SIGKILL"), 20_000);
  void started.exited.then(() => clearTimeout(watchdog));
  return started;
}

const logLines = (output: string) =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg: string; attempt?: number });

afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

describe("starting the server while the database does not answer", () => {
  it("logs one line per retry, then exits 1 with one clear line and no stack trace", async () => {
    const port = await freePort();
    const started = startProcess(`postgres://postgres@127.0.0.1:${port}/test`);
    await started.exited;
    expect(started.code).toBe(1);
    const retries = logLines(started.stdout).filter((line) => line.msg.includes("retrying"));
    expect(retries.map((line) => line.attempt)).toEqual([1, 2]);
    expect(started.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Cannot start: the postgres database at 127\\.0\\.0\\.1:${port}/test is not available \\(.*ECONNREFUSED.*\\); tried 3 times\\.$`,
        ),
      ),
    ]);
    expect(started.stderr).not.toMatch(/^\s+at /m);
  });

  it.skipIf(!postgresUrl)("starts as soon as the database answers during the retries [postgres]", async () => {
    const target = new URL(postgresUrl ?? "");
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const schema = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    try {
      proxy.cut();
      const url = new URL(postgresUrl ?? "");
      url.hostname = "127.0.0.1";
      url.port = String(proxy.port);
      url.searchParams.set("options", `-c search_path=${schema}`);
      const started = startProcess(url.toString());
      await started.printed("retrying");
      proxy.restore();
      await started.printed("server listening");
      expect(started.code).toBeNull();
      started.stop();
      await started.exited;
      expect(started.stderr).toBe("");
    } finally {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
      await proxy.close();
    }
  });
});
