import type { ReactNode } from "react";
import { cardBrands, type CardBrand } from "../../../../shared/wallet.ts";

// docs/product.md §9: logos for visa, mastercard, amex, discover, diners and jcb, a text fallback otherwise.
// Small inline SVGs (no request, no third-party asset); decorative, because the brand's name is
// written next to them (WCAG 2.2 1.1.1).

const frame = "h-8 w-12 shrink-0 rounded border border-ink-line/20";

const logos: Record<CardBrand, ReactNode> = {
  visa: (
    <svg viewBox="0 0 48 32" className={frame} aria-hidden="true" focusable="false">
      <rect width="48" height="32" rx="3" fill="#1a1f71" />
      <text
        x="24"
        y="21"
        textAnchor="middle"
        fontFamily="Arial, sans-serif"
        fontSize="13"
        fontStyle="italic"
        fontWeight="700"
        fill="#ffffff"
      >
        VISA
      </text>
    </svg>
  ),
  mastercard: (
    <svg viewBox="0 0 48 32" className={frame} aria-hidden="true" focusable="false">
      <rect width="48" height="32" rx="3" fill="#ffffff" />
      <circle cx="19" cy="16" r="9" fill="#eb001b" />
      <circle cx="29" cy="16" r="9" fill="#f79e1b" />
      <path d="M24 8.4a9 9 0 0 1 0 15.2a9 9 0 0 1 0-15.2z" fill="#ff5f00" />
    </svg>
  ),
  amex: (
    <svg viewBox="0 0 48 32" className={frame} aria-hidden="true" focusable="false">
      <rect width="48" height="32" rx="3" fill="#006fcf" />
      <text x="24" y="20" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="10" fontWeight="700" fill="#ffffff">
        AMEX
      </text>
    </svg>
  ),
  discover: (
    <svg viewBox="0 0 48 32" className={frame} aria-hidden="true" focusable="false">
      <rect width="48" height="32" rx="3" fill="#ffffff" />
      <path d="M20 32h25a3 3 0 0 0 3-3V18C40 26 30 30 20 32z" fill="#f48120" />
      <text x="21" y="18" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="6.5" fontWeight="700" fill="#231f20">
        DISC
      </text>
      <circle cx="31" cy="15.8" r="3.2" fill="#f48120" />
      <text x="39" y="18" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="6.5" fontWeight="700" fill="#231f20">
        VER
      </text>
    </svg>
  ),
  diners: (
    <svg viewBox="0 0 48 32" className={frame} aria-hidden="true" focusable="false">
      <rect width="48" height="32" rx="3" fill="#ffffff" />
      <circle cx="24" cy="16" r="10" fill="#0079be" />
      <circle cx="24" cy="16" r="7" fill="#ffffff" />
      <rect x="22.6" y="9" width="2.8" height="14" fill="#0079be" />
    </svg>
  ),
  jcb: (
    <svg viewBox="0 0 48 32" className={frame} aria-hidden="true" focusable="false">
      <rect width="48" height="32" rx="3" fill="#ffffff" />
      <rect x="8" y="6" width="10" height="20" rx="3" fill="#0e4c96" />
      <rect x="19" y="6" width="10" height="20" rx="3" fill="#e21836" />
      <rect x="30" y="6" width="10" height="20" rx="3" fill="#00a14b" />
      <text x="24" y="19" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="8" fontWeight="700" fill="#ffffff">
        JCB
      </text>
    </svg>
  ),
};

function isKnownBrand(brand: string): brand is CardBrand {
  return (cardBrands as readonly string[]).includes(brand);
}

/** The brand's logo, or its name in a frame of the same size for any other brand. */
export function CardBrandLogo({ brand }: { brand: string }) {
  if (isKnownBrand(brand)) return logos[brand];
  return (
    <span
      className={`${frame} inline-flex items-center justify-center bg-white text-[0.6rem] font-bold tracking-wide text-ink uppercase`}
      aria-hidden="true"
    >
      {brand.slice(0, 6) || "CARD"}
    </span>
  );
}

export { isKnownBrand };
