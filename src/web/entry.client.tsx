import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { i18n, loadLanguage } from "./lib/i18n.ts";

// React Router's default client entry, with one step first (ADR 256): a page the server sent in
// Swedish hydrates in Swedish, so the Swedish catalogues of the modules loaded so far arrive before
// hydration starts rather than suspending it screen by screen. English needs nothing (its
// catalogues ship with their modules).
await loadLanguage(i18n.language);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
