// `?next=` after sign-in is honoured for same-origin paths only, so a crafted link can never send
// a freshly signed-in user to another site (open redirect) or back into the login/logout loop.

export const defaultAfterSignIn = "/customer-dashboard";

export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2000) return defaultAfterSignIn;
  // Only "/something": not "//host", not "/\host" (browsers treat "\" like "/"), no scheme, no controls.
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return defaultAfterSignIn;
  if ([...next].some((character) => character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127)) return defaultAfterSignIn;
  let url: URL;
  try {
    url = new URL(next, "https://same-origin.invalid");
  } catch {
    return defaultAfterSignIn;
  }
  if (url.origin !== "https://same-origin.invalid") return defaultAfterSignIn;
  if (["/login", "/register", "/logout", "/reset-password"].includes(url.pathname)) return defaultAfterSignIn;
  return `${url.pathname}${url.search}${url.hash}`;
}
