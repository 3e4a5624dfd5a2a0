// docs/payments.md: the simulated bank's check page is written by the server, which cannot see the
// language chosen in the app (kept in the browser, ADR 003); the address carries it, so the page
// leads in the visitor's language. Another provider's address (absolute) is left as it is.

export function bankCheckAddress(challengeUrl: string, language: string): string {
  if (!challengeUrl.startsWith("/") || challengeUrl.startsWith("//")) return challengeUrl;
  const [path = "", query = ""] = challengeUrl.split("?", 2);
  const parameters = new URLSearchParams(query);
  parameters.set("lang", language);
  return `${path}?${parameters.toString()}`;
}

/**
 * What a panel sends to the server, kept in this tab's session storage across the trip to the
 * bank's page and back (`?bank=done|abandoned`), so it is sent again once on return and finds the
 * same hold. One store per panel (`scope`) and booking.
 */
export function keptBankCheckAttempt<Attempt>(scope: string, bookingId: string) {
  const key = `${scope}:${bookingId}`;
  return {
    read(): Attempt | null {
      try {
        const stored = sessionStorage.getItem(key);
        return stored ? (JSON.parse(stored) as Attempt) : null;
      } catch {
        return null;
      }
    },
    keep(attempt: Attempt) {
      sessionStorage.setItem(key, JSON.stringify(attempt));
    },
    forget() {
      sessionStorage.removeItem(key);
    },
  };
}
