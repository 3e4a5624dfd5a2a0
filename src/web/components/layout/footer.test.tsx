// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { operatorToday } from "../../../shared/time.ts";
import { Footer } from "./footer.tsx";

// The footer's copyright names the current year (in Stockholm), not the year the text was written.

afterEach(cleanup);

describe("the footer", () => {
  it("writes the current year in the copyright line", () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByText(/© \d{4} Nordic Shield/).textContent).toContain(`© ${operatorToday(new Date()).slice(0, 4)} Nordic Shield`);
  });
});
