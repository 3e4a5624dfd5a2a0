import type { buyerVatPaymentTexts, buyerVatTexts, buyerVatTotalTexts } from "./buyer-vat-texts.ts";
import type { Catalogue } from "./translations.ts";

// ADR 246: the Swedish of src/shared/buyer-vat-texts.ts (the pages' Swedish chunks and the mails).
export const buyerVatTextsSwedish: Catalogue<typeof buyerVatTexts> = {
  note: {
    inclVat: "inkl. moms",
    reverseCharge: "exkl. moms · omvänd betalningsskyldighet",
    outsideEu: "exkl. moms · utanför svensk moms",
  },
  quotedTotal: {
    inclVat: "Offererat totalpris (inkl. moms)",
    reverseCharge: "Offererat totalpris (exkl. moms)",
    outsideEu: "Offererat totalpris (exkl. moms)",
  },
  vatLine: {
    inclVat: "varav moms {{percent}} %: {{amount}}",
    reverseCharge: "Ingen svensk moms: omvänd betalningsskyldighet, köparen redovisar momsen (artikel 196, direktiv 2006/112/EG)",
    outsideEu: "Ingen svensk moms: tjänsten tillhandahålls utanför Sverige och omfattas inte av svensk moms",
  },
};

export const buyerVatTotalTextsSwedish: Catalogue<typeof buyerVatTotalTexts> = {
  total: {
    inclVat: "Totalt (inkl. moms)",
    reverseCharge: "Totalt (exkl. moms)",
    outsideEu: "Totalt (exkl. moms)",
  },
};

export const buyerVatPaymentTextsSwedish: Catalogue<typeof buyerVatPaymentTexts> = {
  amountNote: {
    inclVat: "Totalt {{amount}} inkl. moms.",
    reverseCharge: "Totalt {{amount}} exkl. moms: omvänd betalningsskyldighet, ert företag redovisar momsen.",
    outsideEu: "Totalt {{amount}} exkl. moms: utanför svensk moms.",
  },
};
