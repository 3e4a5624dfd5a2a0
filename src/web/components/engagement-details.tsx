import type { ReactNode } from "react";
import type { EngagementView } from "../../shared/engagement.ts";
import { endsNextMorning } from "../../shared/engagement.ts";
import { registerTranslations, useTranslation, type TFunction } from "../lib/i18n.ts";

// docs/product.md §12: a booking's times, meeting point, protected person and note to the team, as
// the confirmation page, the dashboard and the operator console show them. ADR 181: the real name
// is shown only when the API sent it (the access policy decided); otherwise the codename.

export const english = {
  times: "Times (Stockholm)",
  timeRange: "{{start}} – {{end}}",
  timeRangeNextMorning: "{{start}} – {{end}} (next morning)",
  meetingPoint: "Meeting point",
  note: "Note to the team",
  principal: "Protected person",
  codename: "codename {{codename}}",
  nameWithheld: "someone else",
  directContactYes: "the team may contact them directly",
  directContactNo: "contact through the customer",
};

registerTranslations("engagement-details", {
  en: english,
  sv: () => import("./engagement-details-sv.ts").then((module) => module.swedish),
});

declare module "../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "engagement-details": typeof english;
  }
}

export type EngagementDetailsProps = {
  engagement: Partial<EngagementView> & { note?: string | null };
  /** How a row is laid out: the caller's own definition-list row. */
  row: (term: string, value: string, testId: string) => ReactNode;
};

/** The principal in one line: the name (where sent), the codename, the phone and the contact rule. */
export function principalText(principal: NonNullable<EngagementView["principal"]>, t: TFunction<"engagement-details">) {
  const who = [principal.name, principal.codename ? t("codename", { codename: principal.codename }) : null].filter(Boolean).join(", ");
  return `${who || t("nameWithheld")} · ${principal.phone} · ${t(principal.directContact ? "directContactYes" : "directContactNo")}`;
}

/** Rows for whatever the booking carries; nothing for a booking made without engagement details. */
export function EngagementDetails({ engagement, row }: EngagementDetailsProps) {
  const { t } = useTranslation("engagement-details");
  const { startTime, endTime, meetingPoint, principal, note } = engagement;
  return (
    <>
      {startTime && endTime
        ? row(
            t("times"),
            t(endsNextMorning(startTime, endTime) ? "timeRangeNextMorning" : "timeRange", { start: startTime, end: endTime }),
            "engagement-times",
          )
        : null}
      {meetingPoint ? row(t("meetingPoint"), meetingPoint, "engagement-meeting-point") : null}
      {principal ? row(t("principal"), principalText(principal, t), "engagement-principal") : null}
      {note ? row(t("note"), note, "engagement-note") : null}
    </>
  );
}
