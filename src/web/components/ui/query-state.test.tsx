// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import { QueryState } from "./query-state.tsx";

// ADR 260: the one ladder of a screen's data, driven through a real TanStack Query client: the
// holding layout announced while it loads, the failure in the visitor's words with a retry that asks
// again, the empty state, and the screen once there is something to show.

afterEach(cleanup);

type Answer = { items: string[] };

/** The server's answers in turn, the last one again for every further request. */
function server(...answers: (() => Promise<Answer>)[]) {
  let asked = 0;
  return () => answers[Math.min(asked++, answers.length - 1)]!();
}

function Screen({ answer }: { answer: () => Promise<Answer> }) {
  const query = useQuery({ queryKey: ["items"], queryFn: answer });
  return (
    <QueryState
      query={query}
      loadingLabel="Loading the items…"
      loading={<div data-testid="holding" className="h-40" />}
      isEmpty={(data) => data.items.length === 0}
      empty={<p>No items yet</p>}
    >
      {(data) => (
        <ul>
          {data.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function withClient(children: ReactNode) {
  // No retries: a failure is shown at once, as the console's 4xx answers are (query-client.ts).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe("QueryState", () => {
  it("holds the screen's layout and announces the loading in a polite status region", () => {
    render(withClient(<Screen answer={server(() => new Promise<Answer>(() => {}))} />));
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("Loading the items…");
    expect(screen.getByTestId("holding").parentElement).toBe(status);
  });

  it("shows a failure as an alert in the visitor's words, and its button asks again", async () => {
    const user = userEvent.setup();
    const failure = () => Promise.reject(new ApiError(404, "not_found", "Not found"));
    render(withClient(<Screen answer={server(failure, () => Promise.resolve({ items: ["Residential protection"] }))} />));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("We could not find what you asked for. It may have been removed.");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Residential protection")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps the data on screen when a later refresh fails", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const failure = () => Promise.reject(new ApiError(503, "http_error", "Unavailable"));
    render(
      <QueryClientProvider client={client}>
        <Screen answer={server(() => Promise.resolve({ items: ["Bodyguard"] }), failure)} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Bodyguard")).toBeTruthy();
    await client.refetchQueries({ queryKey: ["items"] });
    expect(client.getQueryState(["items"])?.status).toBe("error");
    expect(screen.getByText("Bodyguard")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the empty state when the answer holds nothing", async () => {
    render(withClient(<Screen answer={server(() => Promise.resolve({ items: [] }))} />));
    expect(await screen.findByText("No items yet")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("gives the data to the screen once it has arrived", async () => {
    render(withClient(<Screen answer={server(() => Promise.resolve({ items: ["Bodyguard", "Security driver"] }))} />));
    expect(await screen.findByText("Bodyguard")).toBeTruthy();
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Bodyguard", "Security driver"]);
    expect(screen.queryByRole("status")).toBeNull();
  });
});
