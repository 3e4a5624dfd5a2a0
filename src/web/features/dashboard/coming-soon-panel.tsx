import { CalendarDays, Shield } from "lucide-react";
import { Link } from "react-router";
import { buttonClassName } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import "./dashboard-translations.ts";

// SPEC §2 Bookings and Security pages arrive with a later issue; until then an honest panel.

export function ComingSoonPanel({ area }: { area: "bookings" | "security" }) {
  const { t } = useTranslation("dashboard");
  return (
    <section aria-labelledby={`${area}-heading`}>
      <h2 id={`${area}-heading`} className="text-2xl tracking-[0.08em]">
        {t(`${area}.heading`)}
      </h2>
      <EmptyState
        className="mt-6"
        tone="dark"
        icon={area === "bookings" ? CalendarDays : Shield}
        title={t(`${area}.soonTitle`)}
        description={t(`${area}.soonBody`)}
        action={
          <Link to="/secure-booking" className={buttonClassName()}>
            {t(`${area}.cta`)}
          </Link>
        }
      />
    </section>
  );
}
