import { z } from "zod";
import { passesLuhn } from "./luhn.ts";
import type { WalletValidationMessageKey } from "./validation-messages.ts";

// docs/product.md §2 PAYMENT METHODS / ID VERIFICATION, §3 payment_methods and id_verifications, §9 card
// label and logos. One schema per concept (ADR 027): the Add New Card form, the API validator and
// the types all come from here. Messages are translation keys; the server answers their English.

const message = (key: WalletValidationMessageKey) => key;

/** docs/product.md §9: the brands with a logo; any other brand is refused when a card is added. */
export const cardBrands = ["visa", "mastercard", "amex", "discover", "diners", "jcb"] as const;
export type CardBrand = (typeof cardBrands)[number];

/** A customer keeps at most this many cards (OWASP API4:2023, unrestricted resource consumption). */
export const maximumCardsPerAccount = 10;

type BrandRule = { brand: CardBrand; lengths: readonly number[]; matches: (digits: string) => boolean };

const prefixBetween = (digits: string, length: number, low: number, high: number) => {
  const prefix = Number(digits.slice(0, length));
  return digits.length >= length && prefix >= low && prefix <= high;
};

// Issuer identification number ranges as published by the card networks (ISO/IEC 7812-1):
// Visa 4; Mastercard 51–55 and the 2-series 2221–2720; American Express 34, 37; Discover 6011,
// 622126–622925, 644–649, 65; Diners Club 300–305, 3095, 36, 38–39; JCB 3528–3589.
const brandRules: readonly BrandRule[] = [
  { brand: "visa", lengths: [13, 16, 19], matches: (d) => d.startsWith("4") },
  { brand: "mastercard", lengths: [16], matches: (d) => prefixBetween(d, 2, 51, 55) || prefixBetween(d, 4, 2221, 2720) },
  { brand: "amex", lengths: [15], matches: (d) => d.startsWith("34") || d.startsWith("37") },
  {
    brand: "discover",
    lengths: [16, 17, 18, 19],
    matches: (d) => d.startsWith("6011") || d.startsWith("65") || prefixBetween(d, 3, 644, 649) || prefixBetween(d, 6, 622126, 622925),
  },
  {
    brand: "diners",
    lengths: [14, 15, 16, 17, 18, 19],
    matches: (d) => prefixBetween(d, 3, 300, 305) || d.startsWith("3095") || d.startsWith("36") || d.startsWith("38") || d.startsWith("39"),
  },
  { brand: "jcb", lengths: [16, 17, 18, 19], matches: (d) => prefixBetween(d, 4, 3528, 3589) },
];

/** The brand a number's leading digits belong to, or null when it is none we accept. */
export function detectCardBrand(digits: string): CardBrand | null {
  return brandRules.find((rule) => rule.matches(digits))?.brand ?? null;
}

function acceptedLength(brand: CardBrand, length: number): boolean {
  return brandRules.find((rule) => rule.brand === brand)?.lengths.includes(length) ?? false;
}

/** The digits of a number as typed: spaces and hyphens (how cards print them) are dropped. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** Digits grouped as printed on the card: 4-6-5 for American Express, else groups of four. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 19);
  const groups = detectCardBrand(digits) === "amex" ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(" ");
}

/** "0427" or "04/27" as typed → "04/27". */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** A card is valid through the last day of its expiry month (ISO/IEC 7813). */
export function isExpired(month: number, year: number, now: Date = new Date()): boolean {
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}

/** docs/product.md §9: 'Private' for mastercard, 'Business' for other brands. */
export function cardLabel(brand: string): "private" | "business" {
  return brand === "mastercard" ? "private" : "business";
}

const maximumYearsAhead = 20;

export const addCardSchema = z
  .object({
    cardNumber: z.string().trim().min(1, message("validation.cardNumberRequired")).max(40, message("validation.cardNumberInvalid")),
    expiry: z
      .string()
      .trim()
      .min(1, message("validation.expiryRequired"))
      .regex(/^\d{2}\s*\/\s*\d{2}$/, message("validation.expiryFormat")),
    cvv: z
      .string()
      .trim()
      .min(1, message("validation.cvvRequired"))
      .regex(/^\d{3,4}$/, message("validation.cvvInvalid")),
  })
  .superRefine((value, context) => {
    const digits = cardDigits(value.cardNumber);
    const brand = detectCardBrand(digits);
    if (value.cardNumber.trim() !== "") {
      if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
        context.addIssue({ code: "custom", path: ["cardNumber"], message: message("validation.cardNumberInvalid") });
      } else if (!brand) {
        context.addIssue({ code: "custom", path: ["cardNumber"], message: message("validation.cardBrandUnsupported") });
      } else if (!acceptedLength(brand, digits.length)) {
        context.addIssue({ code: "custom", path: ["cardNumber"], message: message("validation.cardNumberInvalid") });
      }
    }
    const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.expiry.trim());
    if (expiry) {
      const month = Number(expiry[1]);
      const year = 2000 + Number(expiry[2]);
      const now = new Date();
      if (month < 1 || month > 12) {
        context.addIssue({ code: "custom", path: ["expiry"], message: message("validation.expiryMonth") });
      } else if (isExpired(month, year, now)) {
        context.addIssue({ code: "custom", path: ["expiry"], message: message("validation.expiryPast") });
      } else if (year > now.getUTCFullYear() + maximumYearsAhead) {
        context.addIssue({ code: "custom", path: ["expiry"], message: message("validation.expiryFar") });
      }
    }
    // American Express prints a 4-digit code on the front; the other brands a 3-digit one on the back.
    if (/^\d{3,4}$/.test(value.cvv.trim()) && brand) {
      const expected = brand === "amex" ? 4 : 3;
      if (value.cvv.trim().length !== expected) {
        context.addIssue({
          code: "custom",
          path: ["cvv"],
          message: message(brand === "amex" ? "validation.cvvAmex" : "validation.cvvInvalid"),
        });
      }
    }
  })
  .transform((value) => {
    const digits = cardDigits(value.cardNumber);
    const [month = "", year = ""] = value.expiry.split("/").map((part) => part.trim());
    return {
      cardNumber: digits,
      cvv: value.cvv.trim(),
      // Refined above: a number that reaches here has a brand.
      brand: detectCardBrand(digits) ?? "visa",
      expiryMonth: Number(month),
      expiryYear: 2000 + Number(year),
    };
  });

/** ADR 136: a card saved through Stripe's hosted field arrives as Stripe's PaymentMethod id, never as a number. */
export const providerCardSchema = z.object({ providerMethodId: z.string().regex(/^pm_[0-9A-Za-z_]{6,100}$/) }).strict();

/** What the Add New Card form holds (strings as typed). */
export type AddCardForm = z.input<typeof addCardSchema>;
/** The checked card: digits only, its brand and expiry as numbers. */
export type CheckedCard = z.output<typeof addCardSchema>;

/** A saved card as the API answers it: never the number or the CVV (docs/product.md §3, ADR 061). */
export type PaymentMethodView = {
  id: string;
  brand: string;
  lastFour: string;
  expiryMonth: number;
  expiryYear: number;
  isDefault: boolean;
  createdAt: string;
};

export type PaymentMethodList = { paymentMethods: PaymentMethodView[]; maximum: number };

// ID verification (docs/product.md §2, §3 id_verifications).

export const idDocumentTypes = ["passport", "id_card", "drivers_license"] as const;
export type IdDocumentType = (typeof idDocumentTypes)[number];
export const idDocumentTypeSchema = z.enum(idDocumentTypes, message("validation.idTypeRequired"));
export const idUploadQuerySchema = z.object({ type: idDocumentTypeSchema });

/** A phone photo of a document is a few megabytes; 10 MB leaves room for a high-resolution scan. */
export const maximumIdDocumentBytes = 10 * 1024 * 1024;
/** Checked by content (magic bytes) on the server; HEIC is not accepted (the browser sends JPEG from the camera). */
export const acceptedIdDocumentTypes = ["image/jpeg", "image/png", "image/webp"] as const;

export type IdVerificationStatusValue = "pending" | "approved" | "rejected";

export type IdVerificationView = {
  id: string;
  type: IdDocumentType;
  status: IdVerificationStatusValue;
  rejectionReason: string | null;
  hasFile: boolean;
  createdAt: string;
};

/** GET /api/account/id-verifications: the latest document and the profile's verified flag. */
export type IdVerificationState = { latest: IdVerificationView | null; idVerified: boolean };
