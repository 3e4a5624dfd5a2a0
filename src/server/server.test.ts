import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnvironment } from "./env.ts";
import { startServer, type RunningServer } from "./server.ts";

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    })
      .on("error", reject)
      .end();
  });
}

// Bad input gets a JSON 400, never a crash (ADR 121): huge or malformed URLs against the real HTTP server.
describe("the HTTP server", () => {
  let running: RunningServer;
  beforeAll(async () => {
    const env = loadEnvironment({
      NODE_ENV: "test",
      PORT: "0",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "server-test-")),
      AUTH_SECRET: randomBytes(32).toString("hex"),
      DATABASE_URL: "",
    });
    running = await startServer(env, { clientDirectory: path.join(tmpdir(), "no-client-build") });
  });
  afterAll(() => running.stop());

  it("answers a URL too large for the parser with a JSON 400 and keeps serving", async () => {
    const huge = await get(`${running.url}/about?q=${"x".repeat(70_000)}`);
    expect(huge.status).toBe(400);
    expect(JSON.parse(huge.body)).toMatchObject({ error: { code: "bad_request" } });
    const long = await get(`${running.url}/api/health?q=${"x".repeat(10_000)}`);
    expect(long.status).toBe(400);
    expect((await get(`${running.url}/api/health`)).status).toBe(200);
  });

  it("answers malformed percent-encoding without crashing", async () => {
    expect([400, 404]).toContain((await get(`${running.url}/%E0%A4%A`)).status);
    expect((await get(`${running.url}/api/health`)).status).toBe(200);
  });

  // A client that reuses an idle connection must find it open: the server closing it first (Node's
  // 5 s default) races the client's next request into ECONNRESET. The Keep-Alive header tells
  // clients how long the server keeps an idle connection (RFC 9112 §9.3).
  it("keeps idle keep-alive connections open for longer than a load balancer's 60-second idle timeout", async () => {
    const agent = new Agent({ keepAlive: true });
    const keepAlive = await new Promise<string | string[] | undefined>((resolve, reject) => {
      request(`${running.url}/api/health`, { agent }, (response) => {
        response.resume();
        resolve(response.headers["keep-alive"]);
      })
        .on("error", reject)
        .end();
    });
    agent.destroy();
    expect(Number(/timeout=(\d+)/.exec(String(keepAlive))?.[1])).toBeGreaterThan(60);
  });
});
