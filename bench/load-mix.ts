// The traffic mix of the load benchmarks (ADR 081): what visitors, signed-in customers and
// operators send, each simulated customer from its own client address, and the setup that gives
// every customer a session, a first booking and an emergency contact.
import { cookieHeader } from "../src/server/test-support/accounts.ts";
import type { CatalogueService } from "../src/shared/booking.ts";
import {
  bookingContentFactory,
  expectedTotal,
  newBookingId,
  seededRandom,
  signInOverApi,
  type AcknowledgedBooking,
  type BenchAccount,
  type RecordingClient,
  type RequestSpec,
} from "./load-support.ts";

export type Customer = BenchAccount & { cookie: string; bookingIds: string[]; contactId: string };
export type Operator = BenchAccount & { cookie: string };
export type Operation = { name: string; weight: number; start: (scheduledAt: number) => Promise<unknown> };

const placeQueries = ["St", "Sto", "Stock", "Göt", "Göteb", "Mal", "Malmö", "Upp", "Lon", "Par", "Osl", "Hel", "Köp", "Ber", "Zür", "Vis"];
export const pages = ["/", "/secure-booking", "/help", "/services/bodyguard"];

export function parse<Shape>(body: string | undefined): Shape | undefined {
  try {
    return body === undefined ? undefined : (JSON.parse(body) as Shape);
  } catch {
    return undefined;
  }
}

/** The mix: shares of the offered rate, as a busy day's logs could show them (ADR 081). */
export function operations(options: {
  client: RecordingClient;
  origin: string;
  customers: Customer[];
  operators: Operator[];
  catalogue: CatalogueService[];
  random: () => number;
  acknowledged: AcknowledgedBooking[];
  undecided: string[];
}): Operation[] {
  const { client, origin, customers, operators, catalogue, random, acknowledged, undecided } = options;
  const pick = <Item>(items: readonly Item[]): Item => items[Math.floor(random() * items.length)] as Item;
  const newContent = bookingContentFactory(catalogue, seededRandom(7));
  const visitorAddress = () => `203.0.113.${1 + Math.floor(random() * 250)}`;
  const send = (name: string, scheduledAt: number, spec: Omit<RequestSpec, "origin">) =>
    client.send(name, { origin, ...spec }, scheduledAt);
  const asCustomer = (name: string, weight: number, spec: (customer: Customer) => Omit<RequestSpec, "origin" | "address" | "cookie">) => ({
    name,
    weight,
    start: (scheduledAt: number) => {
      const customer = pick(customers);
      return send(name, scheduledAt, { ...spec(customer), address: customer.address, cookie: customer.cookie });
    },
  });
  const asOperator = (name: string, weight: number, spec: () => Omit<RequestSpec, "origin" | "address" | "cookie"> | undefined) => ({
    name,
    weight,
    start: async (scheduledAt: number) => {
      const operator = pick(operators);
      const request = spec();
      if (request) await send(name, scheduledAt, { ...request, address: operator.address, cookie: operator.cookie });
    },
  });

  return [
    {
      name: "page",
      weight: 20,
      start: (scheduledAt) =>
        send("page", scheduledAt, { method: "GET", path: pick(pages), address: visitorAddress(), acceptEncoding: "br, gzip" }),
    },
    {
      name: "catalogue",
      weight: 3,
      start: (scheduledAt) =>
        send("catalogue", scheduledAt, { method: "GET", path: "/api/services?language=en", address: visitorAddress() }),
    },
    {
      name: "placeAutocomplete",
      weight: 12,
      start: (scheduledAt) =>
        send("placeAutocomplete", scheduledAt, {
          method: "GET",
          path: `/api/places?q=${encodeURIComponent(pick(placeQueries))}&lang=${random() < 0.7 ? "en" : "sv"}`,
          address: visitorAddress(),
        }),
    },
    {
      name: "quote",
      weight: 12,
      start: (scheduledAt) =>
        send("quote", scheduledAt, { method: "POST", path: "/api/bookings/quote", address: visitorAddress(), json: newContent() }),
    },
    {
      name: "health",
      weight: 5,
      start: (scheduledAt) => send("health", scheduledAt, { method: "GET", path: "/api/health", address: visitorAddress() }),
    },
    {
      name: "signIn",
      weight: 1,
      start: async (scheduledAt) => {
        const customer = pick(customers);
        const answer = await send("signIn", scheduledAt, {
          method: "POST",
          path: "/api/account/sign-in",
          address: customer.address,
          json: { email: customer.email, password: customer.password },
        });
        // The customer goes on with the new session, as the browser would.
        if (answer?.status === 200) customer.cookie = cookieHeader(answer.setCookies);
      },
    },
    {
      name: "bookingCreate",
      weight: 8,
      start: async (scheduledAt) => {
        const customer = pick(customers);
        const content = newContent();
        const id = newBookingId();
        const answer = await send("bookingCreate", scheduledAt, {
          method: "POST",
          path: "/api/bookings",
          address: customer.address,
          cookie: customer.cookie,
          json: { ...content, bookingId: id, location: "Stockholm, Sweden" },
        });
        if (answer?.status !== 201) return;
        const total = parse<{ totalCents: number }>(answer.body)?.totalCents ?? Number.NaN;
        acknowledged.push({ id, total, expectedTotal: expectedTotal(catalogue, content) });
        customer.bookingIds.push(id);
        undecided.push(id);
      },
    },
    asCustomer("session", 4, () => ({ method: "GET", path: "/api/account/session" })),
    asCustomer("dashboardBookings", 10, () => ({ method: "GET", path: `/api/bookings?window=${pick(["all", "month", "year"])}` })),
    asCustomer("dashboardBookingDetail", 5, (customer) => ({ method: "GET", path: `/api/bookings/${pick(customer.bookingIds)}` })),
    asCustomer("profileRead", 5, () => ({ method: "GET", path: "/api/account/profile" })),
    asCustomer("profileUpdate", 2, () => ({
      method: "PATCH",
      path: "/api/profile",
      json: { phoneNumber: `+46 70 ${String(100 + Math.floor(random() * 900))} ${String(10 + Math.floor(random() * 90))} 00` },
    })),
    asCustomer("emergencyContactSave", 2, (customer) => ({
      method: "PUT",
      path: `/api/emergency-contacts/${customer.contactId}`,
      json: { name: pick(["Karin Berg", "Lars Nilsson", "Maja Ek"]), phone: "+46 70 222 33 44", email: "ice@example.test" },
    })),
    asOperator("operatorQueue", 5, () => ({ method: "GET", path: `/api/admin/bookings${random() < 0.6 ? "?status=pending" : ""}` })),
    asOperator("operatorBookingDetail", 3, () => ({ method: "GET", path: `/api/admin/bookings/${pick(acknowledged).id}` })),
    asOperator("operatorDecision", 3, () => {
      // Each booking is decided once, by whichever operator takes it from the queue.
      const id = undecided.splice(Math.floor(random() * undecided.length), 1)[0];
      if (id === undefined) return undefined;
      return random() < 0.85
        ? { method: "POST", path: `/api/admin/bookings/${id}/confirm`, json: { note: "Team lead briefed; client called back." } }
        : { method: "POST", path: `/api/admin/bookings/${id}/decline`, json: { reason: "No operatives free for those days." } };
    }),
  ];
}

export async function setUp(client: RecordingClient, origin: string, accounts: BenchAccount[], catalogue: CatalogueService[]) {
  const newContent = bookingContentFactory(catalogue, seededRandom(3));
  const acknowledged: AcknowledgedBooking[] = [];
  const customers: Customer[] = [];
  // A few at a time: each sign-in is a deliberately slow password check (scrypt).
  for (let index = 0; index < accounts.length; index += 4) {
    const batch = accounts.slice(index, index + 4);
    customers.push(
      ...(await Promise.all(
        batch.map(async (account) => {
          const cookie = await signInOverApi(client, origin, account);
          const content = newContent();
          const id = newBookingId();
          const booking = await client.send("setup", {
            origin,
            method: "POST",
            path: "/api/bookings",
            address: account.address,
            cookie,
            json: { ...content, bookingId: id, location: "Uppsala, Sweden" },
          });
          if (booking?.status !== 201) throw new Error(`A first booking failed: ${booking?.status} ${booking?.body}`);
          acknowledged.push({
            id,
            total: parse<{ totalCents: number }>(booking.body)?.totalCents ?? Number.NaN,
            expectedTotal: expectedTotal(catalogue, content),
          });
          const contact = await client.send("setup", {
            origin,
            method: "POST",
            path: "/api/emergency-contacts",
            address: account.address,
            cookie,
            json: { name: "Karin Berg", phone: "+46 70 222 33 44", email: "" },
          });
          const contactId = parse<{ id: string }>(contact?.body)?.id;
          if (contact?.status !== 201 || !contactId) throw new Error(`An emergency contact failed: ${contact?.status} ${contact?.body}`);
          return { ...account, cookie, bookingIds: [id], contactId };
        }),
      )),
    );
  }
  return { customers, acknowledged };
}

/** Picks operations at random in proportion to their weights. */
export function chooser(mix: readonly Operation[], random: () => number): () => Operation {
  const totalWeight = mix.reduce((sum, operation) => sum + operation.weight, 0);
  return () => {
    let ticket = random() * totalWeight;
    for (const operation of mix) {
      ticket -= operation.weight;
      if (ticket < 0) return operation;
    }
    return mix[mix.length - 1] as Operation;
  };
}
