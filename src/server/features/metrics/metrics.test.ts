import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { openDatabase } from "../../db/database.ts";
import { EnvironmentError, loadEnvironment } from "../../env.ts";
import { enqueueMail, pendingMailJob } from "../../mail/outbox.ts";
import { mailPriority } from "../../mail/registry.ts";
import { createSignedInUser } from "../../test-support/accounts.ts";
import { insertBooking } from "../../test-support/operator.ts";
import { createTestApp, describeEachEngine, type TestApp } from "../../test-support/test-app.ts";
import { durationBucketsSeconds } from "./registry.ts";

// /api/metrics (ADR 080): what a Prometheus server scraping each app process would read. The
// output is parsed by the grammar of the text exposition format 0.0.4, not matched as a string.

type Sample = { name: string; labels: Record<string, string>; value: number };

const metricName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/y;

/** Parses the text format strictly: every sample belongs to a family declared by # TYPE before it. */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  expect(text.endsWith("\n")).toBe(true);
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split("\n")) {
    const comment = /^# (HELP|TYPE) (\S+) (.+)$/.exec(line);
    if (comment) {
      expect(comment[2]).toMatch(metricName);
      if (comment[1] === "TYPE") {
        expect(["counter", "gauge", "histogram"]).toContain(comment[3]);
        expect(types.has(comment[2]!), `${comment[2]} declared twice`).toBe(false);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const match = sampleLine.exec(line);
    expect(match, `not a sample line: ${line}`).not.toBeNull();
    const [, name, labelText = "", valueText] = match!;
    const family = name!.replace(/_(bucket|sum|count)$/, "");
    expect(types.has(name!) || types.get(family) === "histogram", `${name} has no # TYPE`).toBe(true);
    const labels: Record<string, string> = {};
    labelPair.lastIndex = 0;
    while (labelPair.lastIndex < labelText.length) {
      const pair = labelPair.exec(labelText);
      expect(pair, `bad labels in ${line}`).not.toBeNull();
      labels[pair![1]!] = pair![2]!.replace(/\\(.)/g, (_, escaped: string) => (escaped === "n" ? "\n" : escaped));
    }
    const value = valueText === "+Inf" ? Infinity : Number(valueText);
    expect(Number.isNaN(value), `bad value in ${line}`).toBe(false);
    samples.push({ name: name!, labels, value });
  }
  return { samples, types };
}

const token = randomBytes(32).toString("hex");
const authorised = { Authorization: `Bearer ${token}` };

function sum(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((total, sample) => total + sample.value, 0);
}

describeEachEngine("metrics", (engine) => {
  let test: TestApp;
  const scrape = async () => {
    const response = await test.app.request("/api/metrics", { headers: authorised });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(await response.text());
  };

  beforeAll(async () => {
    test = await createTestApp(engine, { METRICS_TOKEN: token });
  });
  afterAll(() => test.close());

  it("answers only the configured bearer token, through the one error handler, and is absent without one", async () => {
    const refused: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${token.slice(0, -1)}x` },
      { Authorization: `Bearer ${token}${token}` },
      { Authorization: `Bearer` },
      { Authorization: `Basic ${Buffer.from(`metrics:${token}`).toString("base64")}` },
      { Authorization: token },
    ];
    for (const headers of refused) {
      const response = await test.request("GET", "/api/metrics", { headers });
      expect(response.status).toBe(401);
      expect(response.body.error?.code).toBe("unauthorized");
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer /);
    }
    expect((await test.request("GET", "/api/metrics", { headers: { Authorization: `bearer ${token}` } })).status).toBe(200);

    const withoutToken = createApp({ ...test.deps, env: { ...test.deps.env, metricsToken: undefined } });
    const absent = await withoutToken.request("/api/metrics", { headers: authorised });
    expect(absent.status).toBe(404);
    expect(await absent.json()).toEqual({ error: { code: "not_found", message: "There is no such API endpoint." } });
  });

  it("refuses a short or unsendable METRICS_TOKEN at start, naming the variable", () => {
    const dataDirectory = mkdtempSync(path.join(tmpdir(), "metrics-env-"));
    try {
      expect(() => loadEnvironment({ DATA_DIR: dataDirectory, METRICS_TOKEN: "too-short" })).toThrow(/METRICS_TOKEN: must be at least 32/);
      expect(() => loadEnvironment({ DATA_DIR: dataDirectory, METRICS_TOKEN: `${"a".repeat(32)} b` })).toThrow(EnvironmentError);
      expect(loadEnvironment({ DATA_DIR: dataDirectory, METRICS_TOKEN: "" }).metricsToken).toBeUndefined();
    } finally {
      rmSync(dataDirectory, { recursive: true, force: true });
    }
  });

  it("counts requests by method, route pattern and status, and keeps each histogram cumulative and equal to the counts", async () => {
    const customer = await createSignedInUser(test);
    const before = (await scrape()).samples;
    for (let index = 0; index < 3; index += 1) expect((await test.request("GET", "/api/health")).status).toBe(200);
    // Two bookings that do not exist, one refused by the guard before the handler ran.
    for (let index = 0; index < 2; index += 1) {
      const missing = await test.request("GET", `/api/bookings/${randomUUID()}`, { headers: { cookie: customer.cookie } });
      expect(missing.status).toBe(404);
    }
    expect((await test.request("GET", `/api/bookings/${randomUUID()}`)).status).toBe(401);
    // A middleware guard (the whole profile area is signed-in only) still names the endpoint.
    expect((await test.request("GET", "/api/profile/notifications")).status).toBe(401);
    const after = (await scrape()).samples;

    const moved = (labels: Record<string, string>) =>
      sum(after, "http_requests_total", labels) - sum(before, "http_requests_total", labels);
    expect(moved({ method: "GET", route: "/api/health", status: "200" })).toBe(3);
    expect(moved({ method: "GET", route: "/api/bookings/:id", status: "404" })).toBe(2);
    expect(moved({ method: "GET", route: "/api/bookings/:id", status: "401" })).toBe(1);
    expect(moved({ method: "GET", route: "/api/profile/notifications", status: "401" })).toBe(1);
    // The first scrape is counted by the time of the second.
    expect(moved({ method: "GET", route: "/api/metrics", status: "200" })).toBe(1);

    const seriesKeys = new Set(
      after.filter((sample) => sample.name === "http_request_duration_seconds_count").map((sample) => JSON.stringify(sample.labels)),
    );
    expect(seriesKeys.size).toBeGreaterThanOrEqual(4);
    for (const key of seriesKeys) {
      const labels = JSON.parse(key) as Record<string, string>;
      const buckets = after.filter(
        (sample) =>
          sample.name === "http_request_duration_seconds_bucket" &&
          sample.labels.method === labels.method &&
          sample.labels.route === labels.route,
      );
      expect(buckets.map((bucket) => bucket.labels.le)).toEqual([...durationBucketsSeconds.map(String), "+Inf"]);
      for (let index = 1; index < buckets.length; index += 1)
        expect(buckets[index]!.value).toBeGreaterThanOrEqual(buckets[index - 1]!.value);
      const count = sum(after, "http_request_duration_seconds_count", labels);
      expect(buckets.at(-1)!.value).toBe(count);
      expect(sum(after, "http_requests_total", labels)).toBe(count);
      const seconds = sum(after, "http_request_duration_seconds_sum", labels);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThan(count * 5);
    }
  });

  it("puts every path no endpoint has under one label, whatever the client sends", async () => {
    for (let index = 0; index < 25; index += 1) {
      const noise = randomBytes(6).toString("hex");
      expect((await test.request("GET", `/api/${noise}/${index}`)).status).toBe(404);
      expect((await test.request("POST", `/api/${noise}`, { body: {} })).status).toBe(404);
      expect((await test.request("GET", `/${noise}.php`)).status).toBe(404);
    }
    expect((await test.app.request("/api/health", { method: "FROBNICATE" })).status).toBeLessThan(500);
    const { samples } = await scrape();
    const routes = new Set(samples.filter((sample) => sample.name === "http_requests_total").map((sample) => sample.labels.route));
    const methods = new Set(samples.filter((sample) => sample.name === "http_requests_total").map((sample) => sample.labels.method));
    for (const route of routes) expect(route, `raw path leaked into a label: ${route}`).not.toMatch(/[0-9a-f]{12}/);
    expect(routes.size).toBeLessThanOrEqual(8);
    expect(sum(samples, "http_requests_total", { method: "GET", route: "/api/*", status: "404" })).toBe(25);
    expect(sum(samples, "http_requests_total", { method: "POST", route: "/api/*", status: "404" })).toBe(25);
    expect([...methods].sort()).toEqual(["GET", "OTHER", "POST"]);
  });

  it("reads the outbox queue and the bookings by status from the database at each scrape", async () => {
    const waitingMail = async () => {
      const { samples } = await scrape();
      return {
        urgent: sum(samples, "outbox_pending", { lane: "urgent", kind: "verification-code" }),
        general: sum(samples, "outbox_pending", { lane: "general" }),
        all: sum(samples, "outbox_pending"),
        samples,
      };
    };
    const start = await waitingMail();
    const codeMail = await enqueueMail(test.db, {
      kind: "verification-code",
      to: "metrics@example.test",
      payload: { code: "4821", language: "en", validityMinutes: 10 },
    });
    await enqueueMail(test.db, {
      kind: "verification-code",
      to: "metrics-2@example.test",
      payload: { code: "1234", language: "sv", validityMinutes: 10 },
    });
    const bookingId = await insertBooking(test, { startDate: "2030-05-01" });
    await enqueueMail(test.db, { kind: "booking-confirmation", to: "metrics@example.test", payload: { bookingId } });
    await insertBooking(test, { startDate: "2030-05-02", status: "confirmed" });
    await insertBooking(test, { startDate: "2030-05-03", status: "cancelled_by_customer" });
    await insertBooking(test, { startDate: "2030-05-04", status: "cancelled_by_customer" });

    const queued = await waitingMail();
    expect(queued.urgent - start.urgent).toBe(2);
    expect(queued.general - start.general).toBe(1);
    const databaseQueue = await test.db.selectFrom("outbox").select("id").where("status", "in", ["pending", "sending"]).execute();
    expect(queued.all).toBe(databaseQueue.length);
    // A kind with nothing waiting is still a series, at 0.
    const resets = queued.samples.filter((sample) => sample.name === "outbox_pending" && sample.labels.kind === "password-reset");
    expect(resets).toEqual([{ name: "outbox_pending", labels: { lane: "urgent", kind: "password-reset" }, value: 0 }]);
    expect(sum(queued.samples, "database_up")).toBe(1);
    const stored = await test.db.selectFrom("bookings").select("status").execute();
    for (const status of ["pending", "confirmed", "cancelled_by_customer"]) {
      expect(sum(queued.samples, "bookings", { status })).toBe(stored.filter((row) => row.status === status).length);
    }
    expect(sum(queued.samples, "bookings", { status: "cancelled_by_customer" })).toBeGreaterThanOrEqual(2);

    // A mail waiting for an hour (an SMTP relay that refuses) shows its age.
    const hourAgo = new Date(Date.now() - 3_600_000);
    const stuck = pendingMailJob(
      { template: "account-deleted", to: "stuck@example.test", data: { language: "en" }, priority: mailPriority.normal },
      hourAgo,
    );
    await test.db.insertInto("jobs").values(stuck).execute();
    const age = sum((await scrape()).samples, "outbox_oldest_pending_age_seconds");
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3660);
    await test.db.deleteFrom("jobs").where("id", "=", stuck.id).execute();

    // A sent mail leaves the queue.
    await test.db.updateTable("jobs").set({ status: "done", finished_at: new Date().toISOString() }).where("id", "=", codeMail).execute();
    expect((await waitingMail()).urgent - start.urgent).toBe(1);
    expect(sum(queued.samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });
});

describe("metrics while the database does not answer", () => {
  it("still answers the request series, with database_up 0", async () => {
    const dataDirectory = mkdtempSync(path.join(tmpdir(), "metrics-outage-"));
    const test = await createTestApp("sqlite", { METRICS_TOKEN: token });
    try {
      const closed = openDatabase({ dataDirectory });
      await closed.close();
      const app = createApp({ ...test.deps, database: closed }, undefined, test.services);
      expect((await app.request("/api/health")).status).toBe(200);
      const response = await app.request("/api/metrics", { headers: authorised });
      expect(response.status).toBe(200);
      const { samples } = parseExposition(await response.text());
      expect(sum(samples, "database_up")).toBe(0);
      expect(sum(samples, "http_requests_total", { route: "/api/health" })).toBe(1);
      expect(samples.some((sample) => sample.name === "bookings")).toBe(false);
    } finally {
      await test.close();
      rmSync(dataDirectory, { recursive: true, force: true });
    }
  });
});
