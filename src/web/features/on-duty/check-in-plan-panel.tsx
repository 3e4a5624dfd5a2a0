import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { checkInPlanSchema } from "../../../shared/on-duty.ts";
import { Button } from "../../components/ui/button.tsx";
import { Field } from "../../components/ui/field.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { checkInPlanQuery, useSaveCheckInPlan } from "./api.ts";
import "./on-duty-translations.ts";

// Staff set the lead's check-in interval and grace on the booking's console page (ADR 287).

// ADR 201: number inputs give text; the shared schema checks the numbers.
const planFormSchema = z.object({ intervalMinutes: z.coerce.number(), graceMinutes: z.coerce.number() }).pipe(checkInPlanSchema);

export function CheckInPlanPanel({ bookingId }: { bookingId: string }) {
  const plan = useQuery(checkInPlanQuery(bookingId));
  if (!plan.data) return null;
  return <PlanForm bookingId={bookingId} plan={plan.data.plan} />;
}

function PlanForm({ bookingId, plan }: { bookingId: string; plan: { intervalMinutes: number; graceMinutes: number } | null }) {
  const { t } = useTranslation("onDuty");
  const save = useSaveCheckInPlan(bookingId);
  const form = useForm({
    resolver: zodResolver(planFormSchema),
    defaultValues: { intervalMinutes: plan?.intervalMinutes ?? 60, graceMinutes: plan?.graceMinutes ?? 10 },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((input) => save.mutate(input, { onSuccess: () => toast.success(t("plan.saved")) }));
  return (
    <section aria-labelledby="check-in-plan-heading" className="mt-6 space-y-3 rounded-xl border border-ink-line/15 bg-white p-4">
      <h2 id="check-in-plan-heading" className="text-xl">
        {t("plan.title")}
      </h2>
      <p className="text-sm text-stone">{t("plan.intro")}</p>
      {!plan && <p className="text-sm">{t("plan.none")}</p>}
      <form onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-3" noValidate>
        <Field
          label={t("plan.interval")}
          type="number"
          min={10}
          max={720}
          error={errors.intervalMinutes?.message}
          {...form.register("intervalMinutes")}
        />
        <Field
          label={t("plan.grace")}
          type="number"
          min={1}
          max={60}
          error={errors.graceMinutes?.message}
          {...form.register("graceMinutes")}
        />
        <Button type="submit" loading={save.isPending} data-testid="check-in-plan-save">
          {t("plan.save")}
        </Button>
      </form>
    </section>
  );
}
