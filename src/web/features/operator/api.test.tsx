// @vitest-environment happy-dom
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Operative, OperativeInput } from "../../../shared/operator.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { operativesQuery, useSaveOperative } from "./api.ts";

// ADR 025: the console's writes refresh what they changed through invalidateAfterWrite. An operative
// added while the roster's first load is still on its way appears in the roster, instead of the
// roster keeping the answer its load was given before the write.

const input: OperativeInput = {
  name: "Karin Berg",
  phone: "+46 70 555 12 34",
  licenceNumber: "VK-1234",
  licenceExpiresOn: "2027-12-31",
  languages: ["sv", "en"],
  skills: [],
  active: true,
};
const added = {
  ...input,
  id: "op-1",
  createdAt: "2026-11-26T10:00:00Z",
  updatedAt: "2026-11-26T10:00:00Z",
  invitedEmail: null,
  invitedAt: null,
} as Operative;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("adding an operative while the roster is still loading", () => {
  it("shows the new operative in the roster", async () => {
    const stored: Operative[] = [];
    const loads: (() => void)[] = [];
    vi.stubGlobal("fetch", (_path: string, init?: RequestInit) => {
      if (init?.method === "POST") {
        stored.push(added);
        return Promise.resolve(json(added));
      }
      // Each load answers with the roster as it was when asked, once the test lets it through.
      const answer = json({ operatives: [...stored] });
      return new Promise<Response>((resolve) => loads.push(() => resolve(answer)));
    });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ roster: useQuery(operativesQuery), save: useSaveOperative() }), { wrapper });
    await waitFor(() => expect(loads).toHaveLength(1));

    const saving = result.current.save.mutateAsync(input);
    await waitFor(() => expect(loads).toHaveLength(2));
    for (const answer of loads) answer();
    await saving;

    await waitFor(() => expect(result.current.roster.data?.operatives.map((operative) => operative.name)).toEqual(["Karin Berg"]));
    client.clear();
  });
});
