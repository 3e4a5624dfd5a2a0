import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { ApiError } from "../../lib/api-client.ts";
import { useTranslation } from "../../lib/i18n.ts";
import "./operative-translations.ts";

// ADR 160: the operative area's API turns away an operative without two-factor sign-in (403
// two_factor_required) and anyone who is not an operative (403 forbidden); the page says which
// and what to do, instead of an empty list.

export function AreaRefusal({ error }: { error: unknown }) {
  const { t } = useTranslation("operative");
  const twoFactor = error instanceof ApiError && error.code === "two_factor_required";
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-gold/40 bg-white p-6 text-center shadow-sm" data-testid="operative-refusal">
      <ShieldAlert className="mx-auto h-10 w-10 text-gold-deep" aria-hidden="true" />
      <h2 className="mt-3 text-xl">{twoFactor ? t("twoFactorTitle") : t("title")}</h2>
      <p className="mt-2 text-stone">
        {twoFactor
          ? t("twoFactorBody")
          : error instanceof ApiError && error.status === 403
            ? t("notOperative")
            : String((error as Error).message)}
      </p>
      {/* ADR 220: the switch is in the operative's own area, one tap from here. */}
      {twoFactor && (
        <Link to="/operative/security" className="button-gold mt-6">
          {t("twoFactorLink")}
        </Link>
      )}
    </div>
  );
}
