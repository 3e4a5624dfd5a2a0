// ADR 061: a deleted customer's kept bookings lose the name; the row keeps this stand-in, which
// every screen words in the reader's language ("Raderad kund" in the Swedish console).

/** What stands in for the name on a deleted customer's kept bookings, as stored. */
export const deletedCustomerName = "Deleted customer";

const deletedCustomerWords: Record<"en" | "sv", string> = { en: "Deleted customer", sv: "Raderad kund" };

/** A booking's customer name as a reader sees it: the stand-in for a deleted customer in their language. */
export function customerNameText(name: string, language: string): string {
  return name === deletedCustomerName ? deletedCustomerWords[language === "sv" ? "sv" : "en"] : name;
}

/** docs/product.md §9: the name a booking carries when the account has none. */
export const defaultCustomerName = "Nordic Shield client";
