// ADR 246: the words of a price for each buyer (ADR 222, src/shared/buyer-vat.ts), one text for
// every page and mail that shows a booking's price. The keys are `priceNoteOf(buyer)`, so no page
// decides again which words a buyer gets. English here; the Swedish is a module of its own
// (buyer-vat-texts-sv.ts), so that each page's Swedish stays in its own chunk (ADR 204).
//
// - inclVat: a consumer and a Swedish company pay Swedish VAT (Mervärdesskattelag (2023:200) ch. 9 §1)
//   and are shown the VAT part (Prisinformationslagen (2004:347)).
// - reverseCharge: a company registered for VAT in another member state accounts for the VAT itself
//   (Mervärdesskattelag (2023:200) ch. 5 §4, Directive 2006/112/EC art. 196): net price, no VAT.
// - outsideEu: a company outside the EU is supplied outside Sweden (Mervärdesskattelag (2023:200)
//   ch. 6, Directive 2006/112/EC art. 44): net price, outside the scope of Swedish VAT.

export const buyerVatTexts = {
  /** After a total: "For 3 days · incl. VAT". */
  note: {
    inclVat: "incl. VAT",
    reverseCharge: "excl. VAT · reverse charge",
    outsideEu: "excl. VAT · outside the scope of Swedish VAT",
  },
  /** A quoted total's label. */
  quotedTotal: {
    inclVat: "Quoted total (incl. VAT)",
    reverseCharge: "Quoted total (excl. VAT)",
    outsideEu: "Quoted total (excl. VAT)",
  },
  /** The line under a total: the VAT part, or why there is none. */
  vatLine: {
    inclVat: "of which VAT {{percent}}%: {{amount}}",
    reverseCharge: "No Swedish VAT: reverse charge, the buyer accounts for the VAT (Article 196, Directive 2006/112/EC)",
    outsideEu: "No Swedish VAT: supplied outside Sweden, outside the scope of Swedish VAT",
  },
};

/** A total's label, where the label alone says whether VAT is in (the version comparison). */
export const buyerVatTotalTexts = {
  total: {
    inclVat: "Total (incl. VAT)",
    reverseCharge: "Total (excl. VAT)",
    outsideEu: "Total (excl. VAT)",
  },
};

/** The payment step's sentence about the amount. */
export const buyerVatPaymentTexts = {
  amountNote: {
    inclVat: "Total {{amount}}, VAT included.",
    reverseCharge: "Total {{amount}}, excl. VAT: reverse charge, your company accounts for the VAT.",
    outsideEu: "Total {{amount}}, excl. VAT: outside the scope of Swedish VAT.",
  },
};
