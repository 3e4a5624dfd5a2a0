import { PhoneCall } from "lucide-react";
import type { CustomerBooking } from "../../../shared/customer-bookings.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { customerBookingsNamespace } from "./customer-bookings-translations.ts";

// docs/product.md §2/§4: a confirmed upcoming booking reminds the customer to contact their guard 24 hours
// before the start; once the operator has named a lead, their first name and phone are given
// (ADR 070), so the reminder can be acted on.
export function GuardNotice({ lead }: { lead: CustomerBooking["lead"] }) {
  const { t } = useTranslation(customerBookingsNamespace);
  return (
    <div className="mt-4 flex items-start gap-2 rounded-md bg-gold/15 px-3 py-2 text-sm text-ink" data-testid="guard-notice">
      <PhoneCall className="mt-0.5 h-4 w-4 shrink-0 text-gold-deep" aria-hidden="true" />
      <div>
        <p>{t("guardNotice")}</p>
        {lead && (
          <p className="mt-1 font-semibold" data-testid="lead-guard">
            {t("leadGuard", { name: lead.firstName })},{" "}
            <a className="underline underline-offset-2" href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}>
              {lead.phone}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
