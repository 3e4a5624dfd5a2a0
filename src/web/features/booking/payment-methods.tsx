import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { bookingNamespace } from "./booking-copy.ts";

// docs/product.md §2: the booking page shows a payment-methods image. Drawn inline (house rules: no external
// images), as simplified card-brand marks rather than the brands' official artwork.

function CardFrame({ children, fill }: { children: ReactNode; fill: string }) {
  return (
    <svg viewBox="0 0 48 30" width="48" height="30" aria-hidden="true" focusable="false" className="shrink-0">
      <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill={fill} stroke="#d6d3cb" />
      {children}
    </svg>
  );
}

export function PaymentMethods() {
  const { t } = useTranslation(bookingNamespace);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs font-semibold tracking-[0.15em] text-stone uppercase">{t("payments.title")}</p>
      <div role="img" aria-label={t("payments.label")} className="flex flex-wrap items-center gap-2">
        <CardFrame fill="#ffffff">
          <text
            x="24"
            y="20"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="12"
            fontWeight="700"
            fontStyle="italic"
            fill="#1a1f71"
          >
            VISA
          </text>
        </CardFrame>
        <CardFrame fill="#ffffff">
          <circle cx="19.5" cy="15" r="8" fill="#eb001b" />
          <circle cx="28.5" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
        </CardFrame>
        <CardFrame fill="#1f72cd">
          <text x="24" y="19" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="9" fontWeight="700" fill="#ffffff">
            AMEX
          </text>
        </CardFrame>
        <CardFrame fill="#ffffff">
          <text x="20" y="18.5" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="6.5" fontWeight="700" fill="#231f20">
            DISC
          </text>
          <circle cx="33" cy="16.5" r="4.5" fill="#f58220" />
        </CardFrame>
      </div>
    </div>
  );
}
