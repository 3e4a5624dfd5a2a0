import { beforeAll, describe, expect, it } from "vitest";
import { auditActionNames } from "../../../shared/audit-actions.ts";
import { i18n, loadLanguage } from "../../lib/i18n.ts";
import { auditActionText } from "./audit-action-text.ts";
import "./operator-translations.ts";

// ADR 070: the audit log words every recorded action in the operator's language, never the raw key.

beforeAll(() => loadLanguage("sv"));

describe("audit action words", () => {
  it.each(["en", "sv"] as const)("words every recorded action in %s", (language) => {
    const t = i18n.getFixedT(language, "operator");
    for (const action of auditActionNames) {
      const text = auditActionText(action, t);
      expect(text, action).not.toBe(action);
      expect(text, action).not.toMatch(/^[a-z_]+\.[a-z_]+$/);
    }
    expect(auditActionText("business.invoice_approve", t)).toBe(
      language === "en" ? "Invoice payment approved for a business" : "Fakturabetalning godkänd för ett företag",
    );
  });
});
