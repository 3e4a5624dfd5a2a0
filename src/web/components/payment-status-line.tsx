import { CreditCard } from "lucide-react";
import type { BookingStatus } from "../../shared/booking-lifecycle.ts";
import { approvalSentence, paymentSentence, type BookingPaymentView } from "../../shared/payments.ts";

// docs/payments.md, ADR 130: what happened to the money, worded from the booking's status and its
// payment status together, in the reader's language ("Authorised €X — charged when we confirm").

export function PaymentStatusLine({
  status,
  payment,
  language,
  className = "text-sm text-stone",
}: {
  status: BookingStatus;
  payment: BookingPaymentView | undefined;
  language: string;
  className?: string;
}) {
  if (!payment || (payment.status === "none" && !payment.invoice)) return null;
  const approval = approvalSentence(payment, language);
  const card = payment.card ? ` · ${payment.card.brand.toUpperCase()} •••• ${payment.card.lastFour}` : "";
  return (
    <p className={`flex items-start gap-2 ${className}`} data-testid="payment-status">
      <CreditCard className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {paymentSentence(status, payment, language)}
        {card}
        {approval && (
          <>
            <br />
            <strong>{approval}</strong>
          </>
        )}
      </span>
    </p>
  );
}
