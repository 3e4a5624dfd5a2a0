// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { commonEnglish } from "../../lib/locales/common-en.ts";
import { commonSwedish } from "../../lib/locales/common-sv.ts";
import { translationDifferences } from "../translation-parity.ts";
import { Button } from "./button.tsx";
import { Field } from "./field.tsx";
import { FileInput } from "./file-input.tsx";
import { Textarea } from "./textarea.tsx";

// ADR 028: a screen reader reads a field's label, hint and error together only when the markup ties
// them to the control (WCAG 2.2 1.3.1, 3.3.1). These render the kit in a DOM and ask for each part
// the way assistive technology does: by role, accessible name and description.

afterEach(cleanup);

describe("Field", () => {
  it("names the input by its label and describes it by its hint and its error", () => {
    render(<Field label="E-mail" hint="We never share it" error="Please enter a valid email address" />);
    const input = screen.getByRole("textbox", { name: "E-mail" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(describedText(input)).toBe("We never share it Please enter a valid email address");
  });

  it("is neither invalid nor described when there is nothing to say", () => {
    render(<Field label="Full name" />);
    const input = screen.getByRole("textbox", { name: "Full name" });
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.hasAttribute("aria-describedby")).toBe(false);
  });

  it("gives two fields on one screen different ids", () => {
    render(
      <>
        <Field label="E-mail" />
        <Field label="Password" type="password" />
      </>,
    );
    const email = screen.getByLabelText("E-mail");
    const password = screen.getByLabelText("Password");
    expect(email.id).toBeTruthy();
    expect(email.id).not.toBe(password.id);
  });

  it("shows and hides a password with a named toggle that controls it", async () => {
    const user = userEvent.setup();
    render(<Field label="Password" type="password" />);
    const input = screen.getByLabelText("Password");
    const toggle = screen.getByRole("button", { name: "Show password" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    expect(toggle.getAttribute("aria-controls")).toBe(input.id);
    expect(input.getAttribute("type")).toBe("password");
    await user.click(toggle);
    expect(input.getAttribute("type")).toBe("text");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
  });

  it("marks an optional field in its label", () => {
    render(<Textarea label="Message" optional />);
    expect(screen.getByRole("textbox", { name: "Message (optional)" })).toBeTruthy();
  });
});

describe("Button", () => {
  it("is busy and cannot be pressed twice while its action runs", async () => {
    const user = userEvent.setup();
    let presses = 0;
    render(
      <Button loading onClick={() => (presses += 1)}>
        Signing in...
      </Button>,
    );
    const button = screen.getByRole("button", { name: /Signing in/ });
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.getAttribute("type")).toBe("button");
    await user.click(button);
    expect(presses).toBe(0);
  });
});

describe("FileInput", () => {
  it("states the accepted types and the size limit in the hint tied to the input", () => {
    render(<FileInput label="ID document" accept="image/jpeg,application/pdf" typesLabel="JPEG or PDF" maxBytes={5 * 1024 * 1024} />);
    const input = screen.getByLabelText(/ID document/);
    expect(input.getAttribute("accept")).toBe("image/jpeg,application/pdf");
    expect(describedText(input)).toBe("JPEG or PDF, up to 5 MB");
    expect(screen.getByText("No file chosen")).toBeTruthy();
  });
});

describe("kit strings", () => {
  it("exist in Swedish with the same placeholders as in English", () => {
    expect(translationDifferences(commonEnglish.ui, commonSwedish.ui)).toEqual([]);
  });
});

/** The text a screen reader reads as the description: the elements aria-describedby names, in order. */
function describedText(element: HTMLElement): string {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
    .join(" ");
}

describe("a date Field", () => {
  it("is at least as wide as a whole date with the calendar button, so no browser cuts it to 'mm/dd/y'", () => {
    const { container } = render(<Field label="From" type="date" />);
    const input = container.querySelector("input[type=date]");
    expect(input?.className).toContain("min-w-[11rem]");
  });
});
