import { useTranslation } from "../../lib/i18n.ts";

/** The logo: shield and name on one line at every width (smaller lettering on phones, docs/product.md §2 top bar). */
export function BrandMark() {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 64 64" className="h-8 w-8 shrink-0" aria-hidden="true">
        <path
          d="M32 8 12 16v14c0 12.5 8.4 23.3 20 26 11.6-2.7 20-13.5 20-26V16z"
          fill="none"
          stroke="#c9a55c"
          strokeWidth="4"
          strokeLinejoin="round"
        />
        <path d="m23 32 7 7 12-13" fill="none" stroke="#c9a55c" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="font-display text-[15px] tracking-[0.08em] whitespace-nowrap text-paper uppercase sm:text-lg sm:tracking-[0.18em]">
        {t("brand")}
      </span>
    </span>
  );
}
