import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, describeEachEngine, type TestApp } from "../test-support/test-app.ts";
import { createCustomerWithRows } from "./customer-rows.ts";
import { endpoints, fillPath, type Endpoint } from "./endpoints.ts";

// Property-based fuzzing of every validator at the HTTP layer (ADR 084): for every registered
// endpoint, random bodies (arbitrary JSON, text that is not JSON, and mutations of a valid body:
// wrong types, huge or unusual Unicode strings, nulls, extra keys, deep nesting), sent as JSON or
// under other content types, random path ids and random query values never produce a 5xx, and
// every refusal is the one error shape { error: { code, message } } (ADR 121). The seed is fixed so a run is repeatable; a
// failure prints the seed and the counterexample (fast-check's report) to replay it.

const seed = 84_2026;
const runsPerEndpoint = 15;

const hugeString = fc.constantFrom(1_000, 10_000, 31_000).map((length) => "é".repeat(length / 2));
const unusualString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("\u0000", "\uFEFF", "\u202Eevil", "👨‍👩‍👧‍👦".repeat(20), "\uD800", "__proto__", "constructor", " ", ""),
);
const deepNesting = fc.integer({ min: 50, max: 3_000 }).map((depth) => {
  let value: unknown = "bottom";
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { nested: value };
  return value;
});
const wrongValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.integer(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
  hugeString,
  unusualString,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  deepNesting,
);

/** A valid body with some of its fields replaced, removed or joined by unknown ones. */
function mutationOf(example: Record<string, unknown>) {
  const keys = Object.keys(example);
  return fc
    .record({
      replaced: fc.subarray(keys),
      removed: fc.subarray(keys, { maxLength: 1 }),
      values: fc.array(wrongValue, { minLength: keys.length, maxLength: keys.length }),
      extra: fc.dictionary(fc.constantFrom("role", "status", "price", "userId", "__proto__", "isAdmin", "x"), wrongValue, { maxKeys: 2 }),
    })
    .map(({ replaced, removed, values, extra }) => {
      const body: Record<string, unknown> = { ...example };
      replaced.forEach((key, index) => (body[key] = values[index]));
      for (const key of removed) delete body[key];
      return JSON.stringify({ ...body, ...extra });
    });
}

function bodiesFor(endpoint: Endpoint): fc.Arbitrary<string | undefined> {
  const any = fc.oneof(
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 200 }),
    fc.constantFrom("{", '{"a":', "[1,2", "nul", '{"email": "a@b.c",}', "\u0000"),
    deepNesting.map((value) => JSON.stringify(value)),
  );
  const example = endpoint.example?.();
  if (example) return fc.oneof({ weight: 3, arbitrary: mutationOf(example) }, { weight: 1, arbitrary: any });
  return fc.oneof(fc.constant(undefined), any);
}

const pathValue = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 60 }),
  fc.constantFrom("..", "../../etc/passwd", "%2e%2e%2f", "' OR '1'='1", "0", "-1", "9".repeat(400), "null", "%00"),
);

const queryValue = fc.oneof(
  fc.string({ maxLength: 80 }),
  hugeString.map((text) => text.slice(0, 1_500)),
  unusualString,
);

let clientCounter = 0;

describeEachEngine("random input on every endpoint", (engine) => {
  let test: TestApp;
  let admin: Awaited<ReturnType<typeof createCustomerWithRows>>;
  beforeAll(async () => {
    test = await createTestApp(engine);
    admin = await createCustomerWithRows(test, { role: "admin" });
  });
  afterAll(() => test.close());

  async function send(endpoint: Endpoint, path: string, query: string | undefined, body: string | undefined, contentType?: string) {
    clientCounter += 1;
    const response = await test.app.request(`${path}${query === undefined ? "" : `?${query}`}`, {
      method: endpoint.method,
      body: endpoint.method === "GET" ? undefined : body,
      headers: {
        // A public endpoint is fuzzed signed out: sign-out would otherwise end the session under test.
        ...(endpoint.access !== "public" && { cookie: admin.cookie }),
        "content-type": contentType ?? (endpoint.body === "upload" ? "image/jpeg" : "application/json"),
        "x-test-client-ip": `192.0.2.${clientCounter % 250}-${clientCounter}`,
      },
    });
    const text = await response.text();
    return { status: response.status, text };
  }

  /** Under /api a refusal is the one JSON error shape; the development mailbox pages are plain. */
  const wellFormed = (path: string, status: number, text: string) => {
    if (status >= 500) return false;
    if (status < 400 || !path.startsWith("/api/")) return true;
    try {
      const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
      return typeof parsed.error?.code === "string" && typeof parsed.error.message === "string";
    } catch {
      return false;
    }
  };

  it("the valid example of every JSON endpoint passes its validator", async () => {
    for (const endpoint of endpoints.filter((candidate) => candidate.body === "json")) {
      const path = fillPath(endpoint.path, () => admin.ids.booking);
      const { status, text } = await send(endpoint, path, endpoint.query, JSON.stringify(endpoint.example?.()));
      expect(text, `${endpoint.method} ${endpoint.path}`).not.toContain('"invalid_input"');
      expect(status).toBeLessThan(500);
    }
  });

  it.each(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    "%s: random bodies, ids and queries never answer 5xx",
    async (_name, endpoint) => {
      const input = fc.record({
        body: bodiesFor(endpoint),
        path: fc
          .constant(endpoint.path)
          .chain((path) =>
            path.includes(":") ? pathValue.map((value) => fillPath(path, () => encodeURIComponent(value))) : fc.constant(path),
          ),
        contentType: fc.option(
          fc.constantFrom(
            "text/plain",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/json; charset=utf-16",
            "image/svg+xml",
            "",
          ),
          { freq: 3 },
        ),
        query: fc.oneof(
          fc.constant(endpoint.query),
          // Repeated keys too (`?status=a&status=b`): a validator then sees an array.
          fc
            .array(
              fc.tuple(fc.constantFrom("q", "language", "status", "window", "lat", "lon", "type", "from", "to", "cursor"), queryValue),
              {
                maxLength: 4,
              },
            )
            .map((pairs) => new URLSearchParams(pairs).toString()),
        ),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ body, path, query, contentType }) => {
          const { status, text } = await send(endpoint, path, query, body, contentType ?? undefined);
          if (!wellFormed(path, status, text)) {
            throw new Error(`${endpoint.method} ${path.slice(0, 200)} answered ${status}: ${text.slice(0, 300)}`);
          }
        }),
        { seed, numRuns: runsPerEndpoint, endOnFailure: true },
      );
    },
  );
});
