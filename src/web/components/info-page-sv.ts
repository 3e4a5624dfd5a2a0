import type { Catalogue } from "../lib/i18n.ts";
import type { english } from "./info-page.tsx";

// Swedish, a chunk of its own that only a Swedish page loads (ADR 204).
export const swedish: Catalogue<typeof english> = { tableOfContents: "På den här sidan", email: "E-post", phone: "Telefon" };
