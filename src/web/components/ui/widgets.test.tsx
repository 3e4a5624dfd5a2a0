import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Checkbox } from "./checkbox.tsx";
import { Select } from "./select.tsx";
import { Switch } from "./switch.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from "./table.tsx";
import { Tabs } from "./tabs.tsx";

// ADR 028: the Radix widgets of the kit keep their WAI-ARIA roles and take their accessible name
// from the visible label, as the plain fields do.

const idOf = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

describe("Radix widgets of the kit", () => {
  it("a checkbox is a checkbox named by its label and states whether it is ticked", () => {
    const html = renderToStaticMarkup(<Checkbox label="I accept the terms" defaultChecked error="Please accept the terms" />);
    expect(html).toMatch(/role="checkbox"[^>]*aria-checked="true"/);
    const id = idOf(html, /<button[^>]*\sid="([^"]+)"/);
    expect(idOf(html, /<label[^>]*for="([^"]+)"/)).toBe(id);
    expect(html).toMatch(/<button[^>]*aria-invalid="true"/);
  });

  it("a switch is a switch named by its label", () => {
    const html = renderToStaticMarkup(<Switch label="E-mail me updates" />);
    expect(html).toMatch(/role="switch"[^>]*aria-checked="false"/);
    expect(idOf(html, /<label[^>]*for="([^"]+)"/)).toBe(idOf(html, /<button[^>]*\sid="([^"]+)"/));
  });

  it("a select is a combobox named by its label", () => {
    const html = renderToStaticMarkup(
      <Select
        label="Country"
        options={[
          { value: "se", label: "Sweden" },
          { value: "no", label: "Norway" },
        ]}
      />,
    );
    expect(html).toMatch(/<button[^>]*role="combobox"/);
    expect(html).toContain("Choose…");
    expect(idOf(html, /<label[^>]*for="([^"]+)"/)).toBe(idOf(html, /<button[^>]*\sid="([^"]+)"/));
  });

  it("tabs are a named tab list whose tabs control their panels", () => {
    const html = renderToStaticMarkup(
      <Tabs
        label="Booking details"
        items={[
          { value: "services", label: "Services", content: "Bodyguard" },
          { value: "payment", label: "Payment", content: "Card" },
        ]}
      />,
    );
    expect(html).toMatch(/role="tablist"[^>]*aria-label="Booking details"|aria-label="Booking details"[^>]*role="tablist"/);
    const controls = idOf(html, /role="tab"[^>]*aria-selected="true"[^>]*aria-controls="([^"]+)"/) ?? idOf(html, /aria-controls="([^"]+)"/);
    expect(html).toContain(`id="${controls}"`);
    expect(html).toMatch(/role="tabpanel"/);
  });

  it("a table has a caption and column headers", () => {
    const html = renderToStaticMarkup(
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
    expect(html).toContain("<caption");
    expect(html).toContain("Your bookings</caption>");
    expect(html).toContain('<th scope="col"');
  });
});
