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
