import type { Catalogue } from "../lib/i18n.ts";
import type { english } from "./engagement-details.tsx";

// Swedish, a chunk of its own that only a Swedish page loads (ADR 204).
export const swedish: Catalogue<typeof english> = {
  times: "Tider (svensk tid)",
  timeRange: "{{start}} – {{end}}",
  timeRangeNextMorning: "{{start}} – {{end}} (nästa morgon)",
  meetingPoint: "Mötesplats",
  note: "Meddelande till teamet",
  principal: "Skyddsperson",
  codename: "kodnamn {{codename}}",
  nameWithheld: "någon annan",
  directContactYes: "teamet får kontakta personen direkt",
  directContactNo: "kontakt via kunden",
};
