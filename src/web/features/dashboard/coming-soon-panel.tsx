import { Link } from "react-router";
import "./dashboard-translations.ts";
import { useTranslation } from "../../lib/i18n.ts";

// SPEC §2 Bookings and Security pages arrive with a later issue; until then an honest panel.

export function ComingSoonPanel({ area }: { area: "bookings" | "security" }) {
  const { t } = useTranslation("dashboard");
  return (
    <section aria-labelledby={`${area}-heading`}>
      <h2 id={`${area}-heading`} className="text-2xl tracking-[0.08em]">
        {t(`${area}.heading`)}
      </h2>
      <div className="mt-6 rounded-xl border border-gold/40 bg-ink p-6 text-paper sm:p-8">
        <p className="text-lg font-semibold text-gold">{t(`${area}.soonTitle`)}</p>
        <p className="mt-3 max-w-prose text-sm leading-relaxed text-mist">{t(`${area}.soonBody`)}</p>
        <Link to="/secure-booking" className="button-gold mt-6">
          {t(`${area}.cta`)}
        </Link>
      </div>
    </section>
  );
}
