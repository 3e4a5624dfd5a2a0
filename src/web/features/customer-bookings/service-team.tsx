import { CheckCircle2, Star } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import { ratingSchema, type RatingInput } from "../../../shared/operatives.ts";
import { formatInstant } from "../../../shared/time.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { useRateBooking } from "./api.ts";
import { registerTranslations, useTranslation } from "../../lib/i18n.ts";

// The customer's view of the team (docs/operatives.md): "Team confirmed" with the lead's first
// name, photo and phone once the lead accepted; the lead's status during the service, refreshed
// live by the event stream (the account layout's useLiveEvents); the incident reports an operator
// shared; and the rating once the booking is completed.

const english = {
  confirmed: "Team confirmed",
  lead: "Your lead guard: {{name}}",
  photo: "Photo of {{name}}",
  progress: "Service status",
  on_the_way: "On the way",
  on_duty: "On duty",
  completed: "Completed",
  at: "{{step}} · {{time}}",
  incidents: "Incident reports",
  severity: { green: "Green", amber: "Amber", red: "Red" },
  rate: "Rate the service",
  stars: "Stars",
  starsLabel: "{{count}} of 5",
  comment: "Comment",
  send: "Send rating",
  thanks: "Thank you for your rating.",
  yourRating: "Your rating: {{stars}} of 5",
};

/** The English copy's keys, which its Swedish module must have (ADR 203). */
export type ServiceTeamEnglish = typeof english;

registerTranslations("serviceTeam", { en: english, sv: () => import("./service-team-sv.ts").then((module) => module.swedish) });

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    serviceTeam: typeof english;
  }
}

const steps = [
  ["on_the_way", "onTheWayAt"],
  ["on_duty", "onDutyAt"],
  ["completed", "completedAt"],
] as const;

export function ServiceTeam({ booking }: { booking: CustomerBooking }) {
  const { t, i18n } = useTranslation("serviceTeam");
  const team = booking.team;
  const marked = team ? steps.filter(([, key]) => team.progress[key] !== null) : [];
  const incidents = booking.sharedIncidents ?? [];
  if (!team?.confirmed && marked.length === 0 && incidents.length === 0 && booking.status !== "completed") return null;
  return (
    <div className="mt-4 space-y-4">
      {team?.confirmed && team.lead && (
        <section className="flex items-center gap-3 rounded-xl border border-green-800/30 bg-green-50 p-4" data-testid="team-confirmed">
          {team.lead.photoUrl ? (
            <img src={team.lead.photoUrl} alt={t("photo", { name: team.lead.firstName })} className="h-14 w-14 rounded-full object-cover" />
          ) : (
            <CheckCircle2 aria-hidden className="h-10 w-10 text-green-800" />
          )}
          <div>
            <p className="font-semibold text-green-900">{t("confirmed")}</p>
            <p>
              {t("lead", { name: team.lead.firstName })},{" "}
              <a className="underline underline-offset-2" href={`tel:${team.lead.phone.replace(/[^\d+]/g, "")}`}>
                {team.lead.phone}
              </a>
            </p>
          </div>
        </section>
      )}
      {team && marked.length > 0 && (
        <section aria-labelledby="progress-heading" className="rounded-xl border border-ink-line/15 bg-white p-4">
          <h3 id="progress-heading" className="font-semibold">
            {t("progress")}
          </h3>
          <ol className="mt-2 space-y-1" aria-live="polite" data-testid="service-progress">
            {marked.map(([step, key]) => (
              <li key={step}>{t("at", { step: t(step), time: formatInstant(team.progress[key] ?? "", i18n.language) })}</li>
            ))}
          </ol>
        </section>
      )}
      {incidents.length > 0 && (
        <section aria-labelledby="incidents-heading" className="rounded-xl border border-ink-line/15 bg-white p-4">
          <h3 id="incidents-heading" className="font-semibold">
            {t("incidents")}
          </h3>
          <ul className="mt-2 space-y-2" data-testid="shared-incidents">
            {incidents.map((incident) => (
              <li key={incident.id}>
                <Badge tone={incident.severity === "red" ? "danger" : incident.severity === "amber" ? "warning" : "success"}>
                  {t(`severity.${incident.severity}`)}
                </Badge>{" "}
                <span className="text-stone">{formatInstant(incident.occurredAt, i18n.language)}</span>
                <p className="whitespace-pre-line">{incident.text}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {booking.status === "completed" && <Rating booking={booking} />}
    </div>
  );
}

// ADR 201: the API's rating (ratingSchema) from the form's fields: the stars as a choice, a comment left empty is none.
const ratingFormSchema = z
  .object({ stars: z.string(), comment: z.string() })
  .transform(({ stars, comment }): RatingInput => ({ stars: Number(stars), ...(comment.trim() && { comment }) }))
  .pipe(ratingSchema);

function Rating({ booking }: { booking: CustomerBooking }) {
  const { t } = useTranslation("serviceTeam");
  const form = useForm({ resolver: zodResolver(ratingFormSchema), defaultValues: { stars: "5", comment: "" } });
  const rate = useRateBooking(booking.id);
  if (booking.rating) {
    return (
      <p className="flex items-center gap-2 font-semibold" data-testid="your-rating">
        <Star aria-hidden className="h-4 w-4 text-gold-deep" />
        {t("yourRating", { stars: booking.rating.stars })}
      </p>
    );
  }
  const submit = form.handleSubmit((rating) => rate.mutate(rating, { onSuccess: () => toast.success(t("thanks")) }));
  return (
    <section aria-labelledby="rate-heading" className="rounded-xl border border-ink-line/15 bg-white p-4">
      <h3 id="rate-heading" className="font-semibold">
        {t("rate")}
      </h3>
      <form onSubmit={(event) => void submit(event)} className="mt-3 space-y-4" data-testid="rating-form" noValidate>
        <Controller
          control={form.control}
          name="stars"
          render={({ field }) => (
            <RadioGroup
              legend={t("stars")}
              name="stars"
              variant="segmented"
              value={field.value}
              onValueChange={field.onChange}
              options={[1, 2, 3, 4, 5].map((count) => ({ value: String(count), label: t("starsLabel", { count }) }))}
            />
          )}
        />
        <Textarea
          label={t("comment")}
          optional
          maxLength={2000}
          error={form.formState.errors.comment?.message}
          {...form.register("comment")}
        />
        <Button type="submit" loading={rate.isPending}>
          {t("send")}
        </Button>
      </form>
    </section>
  );
}
