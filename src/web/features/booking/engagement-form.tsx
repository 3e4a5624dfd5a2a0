import { useEffect } from "react";
import { useForm, useWatch, type FieldErrors, type Resolver } from "react-hook-form";
import { engagementFieldsSchema, maximumTeamNoteLength, type SelectedService } from "../../../shared/booking.ts";
import { endsNextMorning } from "../../../shared/engagement.ts";
import { LocationInput } from "../../components/location-input.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Field, FieldMessage } from "../../components/ui/field.tsx";
import { RadioGroup } from "../../components/ui/radio-group.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { isTranslationKey, useTranslation } from "../../lib/i18n.ts";
import { bookingNamespace } from "./booking-copy.ts";
import { engagementRequestFields, type EngagementDraft } from "./booking-state.ts";

// docs/product.md §12 "When and where" on /secure-booking: the times, the meeting point, the note to
// the team and the protected person, with react-hook-form and the one shared booking schema
// (ADR 027, 180): the resolver turns the draft into request fields and checks them, the times
// against the chosen services' band and hours, exactly as the server will. Its own chunk, loaded
// once a service is chosen, so the page's first view stays within its script budget (ADR 085).

/** Where each request field's message shows in the form. */
const fieldOfPath: Record<string, keyof EngagementDraft> = {
  startTime: "startTime",
  endTime: "endTime",
  meetingPoint: "meetingPoint",
  notes: "notes",
  "principal.name": "principalName",
  "principal.codename": "codename",
  "principal.phone": "principalPhone",
};

type ResolverContext = { services: readonly SelectedService[] };

/** The shared schema as the form's resolver; the chosen services come in as the form's context. */
const engagementResolver: Resolver<EngagementDraft, ResolverContext> = (values, context) => {
  {
    const result = engagementFieldsSchema.safeParse({ ...engagementRequestFields(values), services: context?.services ?? [] });
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<EngagementDraft> = {};
    for (const issue of result.error.issues) {
      const field = fieldOfPath[issue.path.join(".")];
      if (field && !errors[field]) errors[field] = { type: "validate", message: issue.message };
    }
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
  }
};

export type EngagementFormProps = {
  draft: EngagementDraft;
  services: readonly SelectedService[];
  onChange(draft: EngagementDraft): void;
};

export default function EngagementForm({ draft, services, onChange }: EngagementFormProps) {
  const { t } = useTranslation(bookingNamespace);
  const form = useForm<EngagementDraft, ResolverContext>({
    defaultValues: draft,
    mode: "onTouched",
    resolver: engagementResolver,
    context: { services },
  });
  const { register, control, subscribe, setValue, formState, trigger } = form;

  // Every change goes to the page's draft (kept in the tab, docs/product.md §7).
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => onChange({ ...values }) }), [subscribe, onChange]);

  // A change of the services (a band, the hours) checks the times again once they were touched.
  const touchedTimes = formState.touchedFields.startTime || formState.touchedFields.endTime;
  useEffect(() => {
    if (touchedTimes) void trigger(["startTime", "endTime"]);
  }, [services, touchedTimes, trigger]);

  const errors = formState.errors;
  const message = (key: string | undefined) => (key && isTranslationKey(bookingNamespace, key) ? t(key) : key);
  const [startTime, endTime, forSomeoneElse, notes, meetingPoint, directContact] = useWatch({
    control,
    name: ["startTime", "endTime", "forSomeoneElse", "notes", "meetingPoint", "directContact"],
  });
  const nextMorning = /^\d\d:\d\d$/.test(startTime) && /^\d\d:\d\d$/.test(endTime) && endsNextMorning(startTime, endTime);

  return (
    <section
      aria-labelledby="engagement-title"
      className="rounded-xl border border-ink-line/15 bg-white p-5 sm:p-6"
      data-testid="engagement-form"
    >
      <h3 id="engagement-title" className="eyebrow">
        {t("engagement.title")}
      </h3>
      <p className="mt-1 text-sm text-stone">{t("engagement.intro")}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Field
          type="time"
          label={t("engagement.startTime")}
          optional
          error={message(errors.startTime?.message)}
          {...register("startTime")}
        />
        <Field
          type="time"
          label={t("engagement.endTime")}
          optional
          hint={nextMorning ? t("engagement.endsNextMorning") : undefined}
          error={message(errors.endTime?.message)}
          {...register("endTime")}
        />
      </div>
      <p className="mt-2 text-xs text-stone">{t("engagement.timesHint")}</p>
      <div className="mt-4">
        <LocationInput
          id="engagement-meeting-point"
          label={t("engagement.meetingPoint")}
          value={meetingPoint}
          onChange={(value) => setValue("meetingPoint", value, { shouldDirty: true, shouldValidate: true })}
        />
        <p className="mt-1 text-xs text-stone">{t("engagement.meetingPointHint")}</p>
        <FieldMessage id="engagement-meeting-point-error" message={message(errors.meetingPoint?.message)} />
      </div>
      <Textarea
        className="mt-4"
        label={t("engagement.note")}
        optional
        rows={3}
        maxLength={maximumTeamNoteLength + 200}
        hint={`${t("engagement.noteHint")} ${t("engagement.noteCount", { length: String(notes.length) })}`}
        error={message(errors.notes?.message)}
        {...register("notes")}
      />
      <RadioGroup
        className="mt-5"
        legend={t("engagement.whoTitle")}
        name="engagement-principal"
        variant="segmented"
        options={[
          { value: "me", label: t("engagement.forMe") },
          { value: "other", label: t("engagement.forSomeoneElse") },
        ]}
        value={forSomeoneElse ? "other" : "me"}
        onValueChange={(value) => setValue("forSomeoneElse", value === "other", { shouldDirty: true })}
      />
      {forSomeoneElse && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="principal-fields">
          <Field
            label={t("engagement.codename")}
            hint={t("engagement.codenameHint")}
            autoComplete="off"
            error={message(errors.codename?.message)}
            {...register("codename")}
          />
          <Field
            label={t("engagement.principalName")}
            hint={t("engagement.principalNameHint")}
            autoComplete="off"
            error={message(errors.principalName?.message)}
            {...register("principalName")}
          />
          <Field
            type="tel"
            label={t("engagement.principalPhone")}
            autoComplete="off"
            error={message(errors.principalPhone?.message)}
            {...register("principalPhone")}
          />
          <Checkbox
            className="self-end pb-2"
            label={t("engagement.directContact")}
            checked={directContact}
            onCheckedChange={(checked) => setValue("directContact", checked, { shouldDirty: true })}
          />
        </div>
      )}
    </section>
  );
}
