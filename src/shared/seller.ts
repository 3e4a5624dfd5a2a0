import type { Language } from "./languages.ts";

// docs/invoices.md "Configuration": the firm that sells, from the SELLER_* settings alone (env.ts).
// The site's footer and legal pages, every invoice, receipt and credit note and the SIE export read
// it from here, so the organisation number, VAT number and F-tax line read the same everywhere.
// Plain lookups rather than the translator: the footer is on every public page (ADR 023).

/** The seller as configured: what a document and the footer show about the firm. */
export type SellerIdentity = {
  name: string;
  address: string;
  /** NNNNNN-NNNN, Luhn-checked at start. */
  organisationNumber: string;
  /** SE + 12 digits. */
  vatNumber: string;
};

const words = {
  en: {
    organisationNumber: "Org. no.",
    vatNumber: "VAT no.",
    // Skatteverket's F-tax approval, which a Swedish invoice states (Mervärdesskattelag (2023:200) ch. 17).
    fTax: "Approved for F-tax (F-skatt)",
    licence: "Authorised security company (Swedish Act 1974:191)",
  },
  sv: {
    organisationNumber: "Org.nr",
    vatNumber: "Momsreg.nr",
    fTax: "Godkänd för F-skatt",
    licence: "Auktoriserat bevakningsföretag (lag 1974:191)",
  },
} satisfies Record<Language, Record<string, string>>;

/** The seller's labels and fixed lines in a language (the PDF's seller block reads these). */
export function sellerWords(language: Language) {
  return words[language];
}

/** "Org. no. 559123-4561" */
export function organisationNumberLine(seller: Pick<SellerIdentity, "organisationNumber">, language: Language): string {
  return `${words[language].organisationNumber} ${seller.organisationNumber}`;
}

/** "VAT no. SE559123456101" */
export function vatNumberLine(seller: Pick<SellerIdentity, "vatNumber">, language: Language): string {
  return `${words[language].vatNumber} ${seller.vatNumber}`;
}

/** The firm as a sentence may name it: "Nordic Shield Security AB (Org. no. 559123-4561)". */
export function sellerReference(seller: SellerIdentity, language: Language): string {
  return `${seller.name} (${organisationNumberLine(seller, language)})`;
}

/** The footer's registration line: name, organisation and VAT numbers, F-tax and the security licence. */
export function sellerRegistrationLine(seller: SellerIdentity, language: Language): string {
  return [
    seller.name,
    organisationNumberLine(seller, language),
    vatNumberLine(seller, language),
    words[language].fTax,
    words[language].licence,
  ].join(" · ");
}
