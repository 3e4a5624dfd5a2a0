import { translateData, type TFunction } from "../../lib/i18n.ts";
import "./dispatch-translations.ts";

/**
 * An audit entry's action (data, e.g. "booking.confirm") in the operator's language: the console's
 * own wording, else the dispatch wording (assignments, incidents), else the action as recorded.
 */
export function auditActionText(action: string, t: TFunction<"operator">): string {
  const key = action.replace(".", "_");
  return translateData(t, "operator", `audit.${key}`, translateData(t, "operator", `dispatch:actions.${key}`, action));
}
