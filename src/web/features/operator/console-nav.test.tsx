// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createElement, Suspense } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../lib/i18n.ts";

// ADR 210: the console's nav names two sections in the dispatch namespace's words. Reached while
// Swedish is on (signing in from the Swedish login page), the operator's Swedish may arrive before
// the dispatch namespace's; the nav waits for both instead of showing those two in English.

const dispatchSwedish = vi.hoisted(() => {
  let release = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
vi.mock(import("./dispatch-sv.ts"), async (importOriginal) => {
  await dispatchSwedish.arrived;
  return importOriginal();
});

afterEach(cleanup);

describe("the console's nav in Swedish", () => {
  it("waits for the dispatch wording instead of naming its sections in English", async () => {
    await i18n.changeLanguage("sv");
    // The console's modules register their namespaces now, while Swedish is on: both start loading.
    const { ConsoleNav } = await import("./console-nav.tsx");
    const showNav = () =>
      render(
        createElement(
          Suspense,
          { fallback: createElement("p", null, "Waiting") },
          createElement(MemoryRouter, { initialEntries: ["/admin"] }, createElement(ConsoleNav, { isAdmin: true })),
        ),
      );
    await vi.waitFor(() => expect(i18n.hasResourceBundle("sv", "operator")).toBe(true));
    // The operator's Swedish is here, the dispatch namespace's not yet.
    showNav();
    expect(screen.queryAllByRole("link", { name: "Schedule board" })).toEqual([]);
    expect(screen.queryAllByRole("link", { name: "Audit log" })).toEqual([]);
    expect(screen.getByText("Waiting")).toBeTruthy();

    dispatchSwedish.release();
    await vi.waitFor(() => expect(i18n.hasResourceBundle("sv", "dispatch")).toBe(true));
    cleanup();
    showNav();
    expect(screen.getByRole("link", { name: "Schemaöversikt" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Händelselogg" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Bokningar" }).getAttribute("aria-current")).toBe("page");
  });
});
