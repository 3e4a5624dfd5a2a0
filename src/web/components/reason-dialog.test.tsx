// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { declineVersionSchema } from "../../shared/booking-changes.ts";
import { declineBookingSchema } from "../../shared/operator.ts";
import { ReasonDialog } from "./reason-dialog.tsx";

// ADR 208: a decision that says why, driven as a person drives it, with the API's own schema deciding
// whether the reason may be left out.

afterEach(cleanup);

function renderDialog(schema: typeof declineBookingSchema | typeof declineVersionSchema, optional = false) {
  const reasons: (string | undefined)[] = [];
  render(
    <ReasonDialog
      open
      onRequestClose={() => {}}
      title="Decline the booking"
      schema={schema}
      label="Reason"
      optional={optional}
      maxLength={1000}
      requiredMessage="Please give a reason."
      submitLabel="Decline"
      onReason={(reason) => reasons.push(reason)}
    />,
  );
  return { reasons, field: screen.getByRole("textbox", { name: /Reason/ }), submit: screen.getByRole("button", { name: "Decline" }) };
}

describe("ReasonDialog", () => {
  it("refuses a blank required reason beside the field, then sends the reason trimmed", async () => {
    const user = userEvent.setup();
    const { reasons, field, submit } = renderDialog(declineBookingSchema);
    expect(document.activeElement).toBe(field);

    await user.type(field, "   ");
    await user.click(submit);
    expect(await screen.findByText("Please give a reason.")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(reasons).toEqual([]);

    await user.type(field, "The dates are fully booked. ");
    await user.click(submit);
    expect(reasons).toEqual(["The dates are fully booked."]);
  });

  it("sends no reason when an optional one is left blank", async () => {
    const user = userEvent.setup();
    const { reasons, submit } = renderDialog(declineVersionSchema, true);
    await user.click(submit);
    expect(reasons).toEqual([undefined]);
    expect(screen.queryByText("Please give a reason.")).toBeNull();
  });
});
