import { LoginPage } from "../features/auth/login-page.tsx";
import { i18n } from "../lib/i18n.ts";
import type { Route } from "./+types/login";

// docs/product.md §2 /login. ADR 085: prerendered, so the e-mail step paints from the HTML; the server sends
// that HTML only to a request without a session cookie (anyone else gets the SPA shell). The
// loader runs only while building (`ssr: false`): its data, present only in the prerendered
// HTML, tells the page to show the form while the session check runs; in the shell, and after a
// link inside the app (clientLoader), the page waits for the session as before.

export const meta = () => [{ title: i18n.t("titles.signIn") }];

export const loader = () => ({ prerendered: true });

export const clientLoader = () => null;

export default function Login({ loaderData }: Route.ComponentProps) {
  return <LoginPage startWith="signIn" formWhileSessionLoads={loaderData?.prerendered === true} />;
}
