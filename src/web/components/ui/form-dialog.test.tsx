// @vitest-environment happy-dom
import { zodResolver } from "@hookform/resolvers/zod";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { inviteOperativeSchema, type InviteOperativeInput } from "../../../shared/operatives.ts";
import { Field } from "./field.tsx";
import { FormDialog } from "./form-dialog.tsx";

// ADR 201: the dialog that holds one form, driven the way a person drives it — typing, pressing
// the buttons — with react-hook-form on the API's schema behind it.

afterEach(cleanup);

function InviteDialog({ onSend, onClose }: { onSend: (input: InviteOperativeInput) => void; onClose: () => void }) {
  const form = useForm({ resolver: zodResolver(inviteOperativeSchema), defaultValues: { email: "", language: "en" } });
  const submit = form.handleSubmit((values) => onSend(values));
  return (
    <FormDialog
      open
      onRequestClose={onClose}
      title="Invite Karin Holm"
      onSubmit={(event) => void submit(event)}
      submitLabel="Send invitation"
      cancelLabel="Cancel"
    >
      <Field label="E-mail address" type="email" error={form.formState.errors.email?.message} {...form.register("email")} />
    </FormDialog>
  );
}

describe("FormDialog", () => {
  it("opens with the first field focused, refuses an invalid address beside the field and sends a valid one", async () => {
    const user = userEvent.setup();
    const sent: InviteOperativeInput[] = [];
    render(<InviteDialog onSend={(input) => sent.push(input)} onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Invite Karin Holm" });
    const email = screen.getByRole("textbox", { name: "E-mail address" });
    expect(dialog.contains(email)).toBe(true);
    expect(document.activeElement).toBe(email);

    await user.type(email, "not an address");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("validation.emailInvalid")).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);

    await user.clear(email);
    await user.type(email, "  karin@example.se ");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(sent).toEqual([{ email: "karin@example.se", language: "en" }]);
  });

  it("asks to close from its Cancel button and from Escape", async () => {
    const user = userEvent.setup();
    let closeRequests = 0;
    render(<InviteDialog onSend={() => {}} onClose={() => (closeRequests += 1)} />);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await user.keyboard("{Escape}");
    expect(closeRequests).toBe(2);
  });
});
