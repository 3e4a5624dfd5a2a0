import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router's default client entry, with one step first (ADR 256): a page the server sent in
// Swedish hydrates in Swedish, so the Swedish catalogues of the modules loaded so far must arrive
// before hydration starts; a screen that suspended for its catalogue while hydrating was rendered
// again from scratch (React #423). English needs nothing (its catalogues ship with their modules).
// The translation module offers the wait as `window.loadDocumentLanguage` (src/web/lib/i18n.ts).
const documentLanguageLoaded = (window as unknown as { loadDocumentLanguage?: () => Promise<void> }).loadDocumentLanguage?.();

void Promise.resolve(documentLanguageLoaded).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
