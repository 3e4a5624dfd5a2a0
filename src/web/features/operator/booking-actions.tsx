import { useQuery } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import {
  assignOperativesSchema,
  cancelBookingSchema,
  confirmBookingSchema,
  declineBookingSchema,
  type AdminBookingDetail,
} from "../../../shared/operator.ts";
import { ReasonDialog } from "../../components/reason-dialog.tsx";
import { eurosText } from "./euros-text.ts";
import { Button } from "../../components/ui/button.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { Field } from "../../components/ui/field.tsx";
import { FormDialog } from "../../components/ui/form-dialog.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { eligibilityQuery, useAssignOperatives, useDecideBooking, type BookingDecision } from "./api.ts";
import { isApiError } from "../../lib/api-client.ts";
import { describeApiError } from "../../lib/query-client.ts";
import { Notice } from "../../components/ui/notice.tsx";
import { refusalFromFields, refusalText } from "./refusal-text.ts";
import "./dispatch-translations.ts";
import { formatMoney } from "../../../shared/money.ts";
import "./operator-translations.ts";

// The operator's decisions on one booking (ADR 070): confirm with an optional adjusted total and
// a note, decline with a reason, cancel after a confirmation, and the assignment of operatives.
// The server refuses what the booking's status does not allow; the buttons follow the same rules.

type Open = "confirm" | "decline" | "cancel" | "assign" | null;

export function BookingActions({ booking }: { booking: AdminBookingDetail }) {
  const { t } = useTranslation("operator");
  const dispatch = useTranslation("dispatch");
  const [open, setOpen] = useState<Open>(null);

  const decision = useDecideBooking(booking.id);
  const decide = (input: BookingDecision) =>
    decision.mutate(input, {
      onSuccess: () => {
        setOpen(null);
        toast.success(t("dialogs.saved"));
      },
    });

  const close = () => setOpen(null);
  const reasonRequired = t("dialogs.reasonRequired");

  const pending = booking.status === "pending";
  const assignable = pending || booking.status === "confirmed";
  // ADR 226: a booking waiting for its money is cancelled or given more time, never confirmed without it.
  const paymentNeeded = booking.status === "payment_needed";
  const cancellable = assignable || paymentNeeded;

  return (
    <section aria-labelledby="actions-heading" className="rounded-xl border border-ink-line/15 bg-white p-5">
      <h2 id="actions-heading" className="text-xl">
        {t("detail.actions")}
      </h2>
      <div className="mt-4 flex flex-wrap gap-3">
        {pending && (
          <Button onClick={() => setOpen("confirm")} data-testid="confirm-booking">
            {t("detail.confirm")}
          </Button>
        )}
        {pending && (
          <Button variant="outline" onClick={() => setOpen("decline")}>
            {t("detail.decline")}
          </Button>
        )}
        {paymentNeeded && (
          <Button
            variant="outline"
            loading={decision.isPending}
            onClick={() => decide({ kind: "payment-deadline", body: { hours: 24 } })}
            data-testid="extend-payment-deadline"
          >
            {t("detail.extendPaymentDeadline")}
          </Button>
        )}
        {assignable && (
          <Button variant="outline" onClick={() => setOpen("assign")} data-testid="assign-operatives">
            {t("detail.assign")}
          </Button>
        )}
        {cancellable && (
          <Button variant="danger" onClick={() => setOpen("cancel")}>
            {t("detail.cancel")}
          </Button>
        )}
      </div>

      <ConfirmBookingDialog
        open={open === "confirm"}
        booking={booking}
        pending={decision.isPending}
        onClose={close}
        onConfirm={(body) => decide({ kind: "confirm", body })}
      />

      <ReasonDialog
        open={open === "decline"}
        onRequestClose={close}
        title={t("dialogs.declineTitle")}
        description={t("dialogs.declineDescription")}
        closeLabel={t("dialogs.close")}
        schema={declineBookingSchema}
        label={t("dialogs.reason")}
        maxLength={1000}
        requiredMessage={reasonRequired}
        submitLabel={t("dialogs.declineSubmit")}
        submitVariant="danger"
        pending={decision.isPending}
        onReason={(reason) => decide({ kind: "decline", body: { reason: reason ?? "" } })}
      />

      <ReasonDialog
        open={open === "cancel"}
        onRequestClose={close}
        title={t("dialogs.cancelTitle")}
        description={t("dialogs.cancelDescription")}
        closeLabel={t("dialogs.close")}
        testId="cancel-dialog"
        schema={cancelBookingSchema}
        label={dispatch.t("cancelReason")}
        hint={dispatch.t("cancelReasonHint")}
        maxLength={1000}
        requiredMessage={reasonRequired}
        submitLabel={t("dialogs.cancelSubmit")}
        submitVariant="danger"
        cancelLabel={t("dialogs.keep")}
        pending={decision.isPending}
        onReason={(reason) => decide({ kind: "cancel", body: { reason: reason ?? "" } })}
      />

      {open === "assign" && <AssignDialog booking={booking} onClose={close} />}
    </section>
  );
}

// ADR 201: the operatives ticked and the one who leads, as the API's list (assignOperativesSchema).
const assignFormSchema = z
  .object({ chosen: z.array(z.string()), lead: z.string() })
  .transform(({ chosen, lead }): z.input<typeof assignOperativesSchema> => ({
    operatives: chosen.map((operativeId) => ({ operativeId, lead: operativeId === lead })),
  }))
  .pipe(assignOperativesSchema);

// ADR 201: the form edits the API's body (confirmBookingSchema) as text fields.
const confirmFormSchema = z
  .object({ adjustedTotal: eurosText, note: z.string() })
  .transform(({ adjustedTotal, note }) => ({
    ...(adjustedTotal !== undefined && { adjustedTotal }),
    ...(note.trim() && { note }),
  }))
  .pipe(confirmBookingSchema);

function ConfirmBookingDialog({
  open,
  booking,
  pending,
  onClose,
  onConfirm,
}: {
  open: boolean;
  booking: AdminBookingDetail;
  pending: boolean;
  onClose: () => void;
  onConfirm: (body: z.output<typeof confirmBookingSchema>) => void;
}) {
  const { t, i18n } = useTranslation("operator");
  const form = useForm({ resolver: zodResolver(confirmFormSchema), defaultValues: { adjustedTotal: "", note: "" } });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(onConfirm);
  return (
    <FormDialog
      open={open}
      onRequestClose={onClose}
      title={t("dialogs.confirmTitle")}
      description={t("dialogs.confirmDescription")}
      closeLabel={t("dialogs.close")}
      testId="confirm-dialog"
      onSubmit={(event) => void submit(event)}
      submitLabel={t("dialogs.confirmSubmit")}
      pending={pending}
    >
      <Field
        label={t("dialogs.adjustedTotal")}
        hint={t("dialogs.adjustedHint", { total: formatMoney(booking.totalCents, i18n.language) })}
        inputMode="decimal"
        optional
        error={errors.adjustedTotal && t("dialogs.invalidTotal")}
        {...form.register("adjustedTotal")}
      />
      <Textarea label={t("dialogs.note")} optional maxLength={1000} error={errors.note?.message} {...form.register("note")} />
    </FormDialog>
  );
}

function AssignDialog({ booking, onClose }: { booking: AdminBookingDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation("operator");
  const dispatch = useTranslation("dispatch");
  // ADR 162: every active operative with the server's verdict, so who cannot take the booking is
  // marked (and cannot be ticked) before anyone tries.
  const eligibility = useQuery(eligibilityQuery(booking.id));
  const held = new Set(
    booking.assignments.filter((assignment) => assignment.state === "offered" || assignment.state === "accepted").map((a) => a.operativeId),
  );
  const candidates = (eligibility.data?.operatives ?? []).filter((operative) => !held.has(operative.operativeId));
  const form = useForm({ resolver: zodResolver(assignFormSchema), defaultValues: { chosen: [] as string[], lead: "" } });
  const chosen = useWatch({ control: form.control, name: "chosen" });
  const lead = useWatch({ control: form.control, name: "lead" });
  const [refusal, setRefusal] = useState<string | undefined>();
  const hasLead = booking.assignments.some(
    (assignment) => assignment.lead && assignment.state !== "declined" && assignment.state !== "released",
  );
  const assign = useAssignOperatives(booking.id);
  const toggle = (id: string, checked: boolean) => {
    form.setValue("chosen", checked ? [...chosen, id] : chosen.filter((value) => value !== id));
    setRefusal(undefined);
    // The first operative ticked leads, unless the booking has a lead already.
    if (!checked && lead === id) form.setValue("lead", "");
    if (checked && !lead && !hasLead) form.setValue("lead", id);
  };
  const submit = form.handleSubmit(({ operatives }) =>
    assign.mutate(operatives, {
      onSuccess: () => {
        toast.success(t("dialogs.saved"));
        onClose();
      },
      onError: (error) => {
        const facts = isApiError(error, "assignment_refused") ? refusalFromFields(error.fields) : null;
        setRefusal(facts ? refusalText(facts, i18n.language, dispatch.t) : describeApiError(error));
      },
    }),
  );
  const firstEligible = candidates.find((operative) => operative.eligible)?.operativeId;
  const dialog = {
    open: true,
    onRequestClose: onClose,
    title: t("dialogs.assignTitle"),
    description: t("dialogs.assignDescription"),
    closeLabel: t("dialogs.close"),
    testId: "assign-dialog",
  };
  if (eligibility.status !== "success" || candidates.length === 0) {
    return (
      <Dialog {...dialog}>
        <QueryState
          query={eligibility}
          loadingClassName="flex justify-center py-6"
          loading={<Spinner className="h-6 w-6 text-gold" />}
          isEmpty={() => candidates.length === 0}
          empty={<p className="text-stone">{t("dialogs.noOperatives")}</p>}
        >
          {() => null}
        </QueryState>
      </Dialog>
    );
  }
  return (
    <FormDialog
      {...dialog}
      onSubmit={(event) => void submit(event)}
      submitLabel={t("dialogs.assignSubmit")}
      pending={assign.isPending}
      submitDisabled={chosen.length === 0}
      formMessage={refusal && <Notice tone="error" title={refusal} />}
    >
      <fieldset className="space-y-3">
        <legend className="sr-only">{t("dialogs.assignTitle")}</legend>
        {candidates.map((operative) => (
          <Checkbox
            key={operative.operativeId}
            {...(operative.operativeId === firstEligible && { id: "first-operative" })}
            label={operative.eligible ? operative.name : `${operative.name} — ${dispatch.t("cannotTake")}`}
            hint={operative.eligible ? undefined : refusalText(operative, i18n.language, dispatch.t)}
            disabled={!operative.eligible}
            checked={chosen.includes(operative.operativeId)}
            onCheckedChange={(checked) => toggle(operative.operativeId, checked)}
          />
        ))}
      </fieldset>
      {chosen.length > 0 && (
        <RadioGroup
          legend={t("dialogs.leadLabel")}
          name="lead"
          variant="segmented"
          value={lead}
          onValueChange={(value) => form.setValue("lead", value)}
          options={candidates
            .filter((operative) => chosen.includes(operative.operativeId))
            .map((operative) => ({ value: operative.operativeId, label: operative.name }))}
        />
      )}
    </FormDialog>
  );
}
