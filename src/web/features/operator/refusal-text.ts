import type { OperativeEligibility } from "../../../shared/operator.ts";
import { formatDay, formatDayRange } from "../../../shared/time.ts";
import type { TFunction } from "../../lib/i18n.ts";

// ADR 162: why an operative cannot take a booking, in the operator's language with dates written
// for people. The same words for the eligibility list and for a refused assignment's fields.

type Translate = TFunction<"dispatch">;

export type RefusalFacts = Pick<
  OperativeEligibility,
  "name" | "refusal" | "date" | "otherLocation" | "otherStartDate" | "otherEndDate" | "restHours"
> & { requiredRestHours?: number };

export function refusalText(facts: RefusalFacts, language: string, t: Translate): string {
  if (!facts.refusal) return "";
  const days = facts.otherStartDate && facts.otherEndDate ? formatDayRange(facts.otherStartDate, facts.otherEndDate, language) : "";
  return t(`refusals.${facts.refusal}`, {
    name: facts.name,
    date: facts.date ? formatDay(facts.date, language) : "",
    end: facts.otherEndDate ? formatDay(facts.otherEndDate, language) : "",
    place: facts.otherLocation ?? "",
    days,
    hours: facts.restHours ?? 0,
    required: facts.requiredRestHours ?? 11,
  });
}

/** The facts a refused assignment's 409 carries in its fields. */
export function refusalFromFields(fields: Record<string, string>): RefusalFacts | null {
  if (!fields.refusal) return null;
  return {
    name: fields.operativeName ?? "",
    refusal: fields.refusal as RefusalFacts["refusal"],
    date: fields.date ?? null,
    otherLocation: fields.otherLocation ?? null,
    otherStartDate: fields.otherStartDate ?? null,
    otherEndDate: fields.otherEndDate ?? null,
    restHours: fields.restHours ? Number(fields.restHours) : null,
    requiredRestHours: fields.requiredRestHours ? Number(fields.requiredRestHours) : undefined,
  };
}
