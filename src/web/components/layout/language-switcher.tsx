import { changeLanguage, isLanguage, languages, useTranslation } from "../../lib/i18n.ts";

/** The EN/SV button of the top bar (docs/product.md §2); the choice is remembered (ADR 003). */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : "en";
  const next = languages.find((language) => language !== current) ?? "en";
  return (
    <button
      type="button"
      className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-white/30 px-3 text-xs font-semibold tracking-widest uppercase hover:border-gold hover:text-gold ${className}`}
      onClick={() => void changeLanguage(next)}
      aria-label={t("nav.switchTo", { language: t(`languageNames.${next}`) })}
      data-testid="language-switcher"
      // A switch tapped before the page is live is made once it is (ADR 174).
      data-replay-early-click=""
    >
      {current.toUpperCase()}
    </button>
  );
}
