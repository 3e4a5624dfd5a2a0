// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { Checkbox } from "./checkbox.tsx";
import { Select } from "./select.tsx";
import { Switch } from "./switch.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "./table.tsx";
import { Tabs } from "./tabs.tsx";

// ADR 028: the Radix widgets of the kit keep their WAI-ARIA roles and take their accessible name
// from the visible label, as the plain fields do; each is found and used the way assistive
// technology finds and uses it.

afterEach(cleanup);

describe("Radix widgets of the kit", () => {
  it("a checkbox is a checkbox named by its label that a click on the label ticks", async () => {
    const user = userEvent.setup();
    render(<Checkbox label="I accept the terms" error="Please accept the terms" />);
    const checkbox = screen.getByRole("checkbox", { name: "I accept the terms" });
    expect(checkbox.getAttribute("aria-checked")).toBe("false");
    expect(checkbox.getAttribute("aria-invalid")).toBe("true");
    await user.click(screen.getByText("I accept the terms"));
    expect(checkbox.getAttribute("aria-checked")).toBe("true");
  });

  it("a switch is a switch named by its label that Space turns on", async () => {
    const user = userEvent.setup();
    render(<Switch label="E-mail me updates" />);
    const toggle = screen.getByRole("switch", { name: "E-mail me updates" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    toggle.focus();
    await user.keyboard(" ");
    expect(toggle.getAttribute("aria-checked")).toBe("true");
  });

  it("a select is a combobox named by its label", () => {
    render(
      <Select
        label="Country"
        options={[
          { value: "se", label: "Sweden" },
          { value: "no", label: "Norway" },
        ]}
      />,
    );
    const combobox = screen.getByRole("combobox", { name: "Country" });
    expect(combobox.textContent).toContain("Choose…");
  });

  it("tabs are a named tab list whose tabs control their panels, and a click shows another panel", async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Booking details"
        items={[
          { value: "services", label: "Services", content: "Bodyguard" },
          { value: "payment", label: "Payment", content: "Card" },
        ]}
      />,
    );
    screen.getByRole("tablist", { name: "Booking details" });
    const services = screen.getByRole("tab", { name: "Services" });
    expect(services.getAttribute("aria-selected")).toBe("true");
    expect(document.getElementById(services.getAttribute("aria-controls") ?? "")?.textContent).toBe("Bodyguard");
    await user.click(screen.getByRole("tab", { name: "Payment" }));
    expect(screen.getByRole("tabpanel").textContent).toBe("Card");
  });

  it("a table has a caption and column headers", () => {
    render(
      <Table caption="Your bookings">
        <TableHead>
          <TableRow>
            <TableHeaderCell>Service</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>VIP Bodyguard</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    screen.getByRole("table", { name: "Your bookings" });
    expect(screen.getByRole("columnheader", { name: "Service" }).getAttribute("scope")).toBe("col");
    screen.getByRole("cell", { name: "VIP Bodyguard" });
  });
});
