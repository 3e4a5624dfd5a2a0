import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryObserver } from "@tanstack/react-query";
import { toast } from "sonner";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ApiErrorMeta } from "./api-error-meta.ts";
import { apiRequest } from "./api-client.ts";
import { i18n } from "./i18n.ts";
import { createQueryClient, invalidateAfterWrite } from "./query-client.ts";
import { sessionQueryKey } from "./session.ts";

// ADR 025: every failed query and mutation reaches the visitor through the caches' one onError.
// A real HTTP server on loopback answers as the API does; the toasts are sonner's own record.

const answers: Record<string, { status: number; body: unknown }> = {
  "/api/invalid": { status: 400, body: { error: { code: "invalid_input", message: "Please enter a valid email address" } } },
  "/api/rated": {
    status: 409,
    body: { error: { code: "invalid_transition", message: "This booking is already rated.", reason: "bookingAlreadyRated" } },
  },
  "/api/cards": {
    status: 409,
    body: {
      error: {
        code: "card_limit_reached",
        message: "You can save at most 5 cards. Please delete one first.",
        reason: "cardLimit",
        values: { limit: 5 },
      },
    },
  },
  "/api/expired": { status: 401, body: { error: { code: "unauthorized", message: "Please sign in to continue." } } },
  "/api/wrong-password": { status: 401, body: { error: { code: "invalid_credentials", message: "Invalid email or password" } } },
  "/api/broken": { status: 500, body: { error: { code: "internal_error", message: "stack trace here" } } },
  "/api/full": { status: 507, body: { error: { code: "storage_full", message: "The server's words" } } },
  "/api/admin/bookings": { status: 403, body: { error: { code: "two_factor_required", message: "The server's words" } } },
  "/api/account/session": {
    status: 200,
    body: { user: { id: "u1", email: "ada@example.test", name: "Ada", role: "customer", language: "en" } },
  },
};

const server = createServer((request, response) => {
  const answer = answers[request.url ?? ""] ?? { status: 404, body: { error: { code: "not_found", message: "Not found" } } };
  response.statusCode = answer.status;
  response.setHeader("Content-Type", "application/json");
  response.end(JSON.stringify(answer.body));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", (input: string, init?: RequestInit) => realFetch(new URL(input, origin), init));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

const client = createQueryClient();

async function failingMutation(path: string, meta?: ApiErrorMeta) {
  const before = toast.getHistory().length;
  await expect(
    client
      .getMutationCache()
      .build(client, { mutationFn: () => apiRequest(path, { body: {} }), meta })
      .execute(undefined),
  ).rejects.toThrow();
  return toast.getHistory().slice(before);
}

describe("the query client's one error handler", () => {
  it("shows a failed mutation as a toast with the reason the server named, under the screen's title", async () => {
    const shown = await failingMutation("/api/rated", { errorTitleKey: "errors.generic" });
    expect(shown).toEqual([
      expect.objectContaining({ title: "Something went wrong. Please try again.", description: "This booking is already rated." }),
    ]);
  });

  it("words the reason and its values in the visitor's language (ADR 211)", async () => {
    expect(await failingMutation("/api/cards")).toEqual([
      expect.objectContaining({ description: "You can save at most 5 cards. Please delete one first." }),
    ]);
    await i18n.changeLanguage("sv");
    try {
      expect(await failingMutation("/api/cards")).toEqual([
        expect.objectContaining({ description: "Du kan spara högst 5 kort. Ta bort ett först." }),
      ]);
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("shows the code's words for an answer that names no reason", async () => {
    expect(await failingMutation("/api/invalid")).toEqual([
      expect.objectContaining({ description: "Some of the details are not valid. Please check them and try again." }),
    ]);
  });

  it("hides a server fault's own text behind a plain sentence", async () => {
    const shown = await failingMutation("/api/broken");
    expect(shown).toEqual([
      expect.objectContaining({ title: "Something went wrong", description: "Something went wrong. Please try again." }),
    ]);
  });

  it("says in the visitor's language that an upload failed because our storage is full (507)", async () => {
    expect(await failingMutation("/api/full")).toEqual([
      expect.objectContaining({
        description: "We cannot store files right now because our storage is full. Please try again later.",
      }),
    ]);
    await i18n.changeLanguage("sv");
    try {
      expect(await failingMutation("/api/full")).toEqual([
        expect.objectContaining({
          description: "Vi kan inte spara filer just nu eftersom vårt lagringsutrymme är fullt. Försök igen senare.",
        }),
      ]);
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("tells an operator shut out by the two-factor policy, in their language, what to do (403 two_factor_required)", async () => {
    expect(await failingMutation("/api/admin/bookings")).toEqual([
      expect.objectContaining({
        description: "The operator console needs two-factor sign-in. Turn it on under Security in your account, then sign in again.",
      }),
    ]);
    await i18n.changeLanguage("sv");
    try {
      expect(await failingMutation("/api/admin/bookings")).toEqual([
        expect.objectContaining({
          description: "Operatörskonsolen kräver tvåstegsverifiering. Slå på den under Säkerhet i ditt konto och logga sedan in igen.",
        }),
      ]);
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("leaves a failure the screen shows itself (field errors, code entry) to the screen", async () => {
    expect(await failingMutation("/api/invalid", { inlineErrors: ["invalid_input"] })).toEqual([]);
    expect(await failingMutation("/api/invalid", { inlineErrors: (error) => error.status === 400 })).toEqual([]);
    expect(await failingMutation("/api/broken", { inlineErrors: ["invalid_input"] })).toHaveLength(1);
  });

  it("shows a failed query once, after its retry", async () => {
    const before = toast.getHistory().length;
    await expect(client.fetchQuery({ queryKey: ["broken"], queryFn: () => apiRequest("/api/broken"), retryDelay: 1 })).rejects.toThrow();
    expect(toast.getHistory().slice(before)).toHaveLength(1);
  });

  it("ends the session on a 401 from any call, but not on a wrong password", async () => {
    await client.fetchQuery({
      queryKey: sessionQueryKey,
      queryFn: () => apiRequest("/api/account/session").then(() => ({ status: "signed-in" })),
    });
    expect(await failingMutation("/api/wrong-password", { inlineErrors: true })).toEqual([]);
    expect(client.getQueryData(sessionQueryKey)).toEqual({ status: "signed-in" });

    expect(await failingMutation("/api/expired", { handlesUnauthorized: true })).toEqual([]);
    expect(client.getQueryData(sessionQueryKey)).toEqual({ status: "signed-out" });
  });
});

// A write that succeeds while a list's first load is still on its way: the list must show what the
// write changed, not the answer the load was given before it.
describe("a write during a query's first load", () => {
  it("asks again after the write instead of keeping the answer from before it", async () => {
    const client = createQueryClient();
    const answers: ((value: string) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ["bank-payments"],
      queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    const invalidated = invalidateAfterWrite(client, { queryKey: ["bank-payments"] });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]?.("before the write");
    answers[1]?.("after the write");
    await invalidated;
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe("after the write"));
    unsubscribe();
    client.clear();
  });
});
