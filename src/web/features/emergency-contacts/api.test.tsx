// @vitest-environment happy-dom
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EmergencyContact } from "../../../shared/emergency-contacts.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { emergencyContactsQuery, useAddEmergencyContact } from "./api.ts";

// ADR 025: a write refreshes what it changed through invalidateAfterWrite. The contacts list's first
// load may still be on its way when a contact is added (a quick first contact on a slow line); the
// list must then show the contact, not the empty answer the load was given before the write.

const added: EmergencyContact = { id: "c1", name: "Ada Lovelace", phone: "+46 70 123 45 67", email: "", createdAt: "2026-11-26T10:00:00Z" };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("adding an emergency contact while the list is still loading", () => {
  it("shows the new contact once both have answered", async () => {
    const stored: EmergencyContact[] = [];
    const loads: (() => void)[] = [];
    vi.stubGlobal("fetch", (path: string, init?: RequestInit) => {
      if (init?.method === "POST") {
        stored.push(added);
        return Promise.resolve(json(added));
      }
      // Each load answers with what was stored when it was asked, once the test lets it through.
      const answer = json({ contacts: [...stored] });
      return new Promise<Response>((resolve) => loads.push(() => resolve(answer)));
    });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => ({ contacts: useQuery(emergencyContactsQuery), add: useAddEmergencyContact() }), { wrapper });
    await waitFor(() => expect(loads).toHaveLength(1));

    const saving = result.current.add.mutateAsync({ name: added.name, phone: added.phone, email: "" });
    await waitFor(() => expect(loads).toHaveLength(2));
    for (const answer of loads) answer();
    await saving;

    await waitFor(() => expect(result.current.contacts.data).toEqual([added]));
    client.clear();
  });
});
