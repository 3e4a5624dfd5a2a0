import { openDatabase } from "../src/server/db/database.ts";
import { markSessionAsPasskeySignIn } from "../src/server/journey-test-support.ts";
import { startServerProcess, type ServerProcess } from "../src/server/test-support/server-process.ts";
import { createAccounts, prepareDatabase, type BenchDatabase } from "../bench/load-support.ts";
import { expect, holdRequests, test, waitForHydration } from "./support/test.ts";

// ADR 172: after the operator edits the catalogue, /secure-booking is still served as complete HTML
// (rendered again by the server with the live catalogue, not the client-rendered shell): the new
// price is in the HTML before any script runs, and the page hydrates that HTML without a mismatch.
// The journey has a production server of its own on the same build, so that its price edit never
// reaches the other journeys.

let database: BenchDatabase;
let server: ServerProcess;

test.beforeAll(async () => {
  database = await prepareDatabase("booking-page-rerendered", undefined);
  server = await startServerProcess({
    env: { DATA_DIR: database.dataDirectory, AUTH_SECRET: database.authSecret, BUILD_DIR: process.env.BUILD_DIR ?? "build" },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await database?.remove();
});

test("after a catalogue edit the booking page is still prerendered, shows the new price and hydrates without a mismatch", async ({
  page,
  request,
}) => {
  const [operator] = await createAccounts(database, {
    count: 1,
    prefix: "catalogue-editor",
    role: "operator",
    addressOf: () => "192.0.2.40",
  });
  if (!operator) throw new Error("No operator account");
  const headers = { Origin: server.url };
  const signIn = await request.post(`${server.url}/api/account/sign-in`, {
    headers,
    data: { email: operator.email, password: operator.password },
  });
  expect(signIn.status()).toBe(200);
  // ADR 271: staff reach the catalogue editor from a passkey session; this server's operator signed in
  // with a password, so its session is marked as the journeys' server marks its staff (test only).
  const setCookies = signIn
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value);
  const staffDatabase = openDatabase({ dataDirectory: database.dataDirectory });
  await markSessionAsPasskeySignIn(staffDatabase.db, setCookies);
  await staffDatabase.close();

  // Before the edit: the build's prerendered page, with the seeded price.
  const before = await (await request.get(`${server.url}/secure-booking`)).text();
  expect(before).toMatch(/data-testid="service-daily-price">€499</);

  // The operator raises the residential price through the catalogue editor's API.
  const services = (await (await request.get(`${server.url}/api/admin/services`, { headers })).json()) as {
    services: { id: string; slug: string }[];
  };
  const residential = services.services.find((service) => service.slug === "residential");
  if (!residential) throw new Error("No residential service in the catalogue");
  const editable = (await (await request.get(`${server.url}/api/admin/services/${residential.id}`, { headers })).json()) as Record<
    string,
    unknown
  >;
  const fields = [
    "slug",
    "title",
    "description",
    "type",
    "originalPrice",
    "priceUnit",
    "guardMultiplier",
    "minGuards",
    "maxGuards",
    "durationOptions",
    "styleOptions",
    "carOptions",
    "carPrices",
    "timeOfDayPrices",
    "sortOrder",
  ];
  const edit = { ...Object.fromEntries(fields.map((field) => [field, editable[field]])), basePrice: 611 };
  const saved = await request.put(`${server.url}/api/admin/services/${residential.id}`, { headers, data: edit });
  expect(saved.status()).toBe(200);

  // The HTML itself now carries the new price (no script has run): not the client-rendered shell.
  const after = await (await request.get(`${server.url}/secure-booking`)).text();
  expect(after).toMatch(/data-testid="service-daily-price">€611</);
  expect(after).not.toContain("€499<");
  expect(after).not.toMatch(/data-testid="services-skeleton"/);

  // In the browser: the cards paint from the HTML, hydrate without a recoverable error, and work.
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.setViewportSize({ width: 390, height: 844 });
  // The first paint is checked with the scripts held back, as on a slow phone.
  const releaseScripts = await holdRequests(page, /\/assets\/.*\.js$/);
  await page.goto(`${server.url}/secure-booking`);
  const residentialCard = page.getByTestId("service-card-residential");
  await expect(residentialCard.getByTestId("service-daily-price")).toContainText("€611");
  releaseScripts();
  await waitForHydration(page);
  await expect(residentialCard.getByTestId("service-daily-price")).toContainText("€611");
  await residentialCard.getByRole("button", { name: /select/i }).click();
  await expect(residentialCard).toHaveAttribute("data-selected", "true");
  await expect(page.getByTestId("summary-residential")).toBeVisible();
  expect(problems.filter((problem) => /hydrat|did not match|Minified React error/i.test(problem))).toEqual([]);
  expect(problems).toEqual([]);
});
