import type { Catalogue } from "../../lib/i18n.ts";
import type { ServiceTeamEnglish } from "./service-team.tsx";

// The booking's service team, progress, incidents and rating in Swedish, a chunk of its own that only a Swedish page loads (ADR 210).
export const swedish: Catalogue<ServiceTeamEnglish> = {
  confirmed: "Teamet är bekräftat",
  lead: "Din ansvariga väktare: {{name}}",
  photo: "Foto av {{name}}",
  progress: "Uppdragets status",
  on_the_way: "På väg",
  on_duty: "I tjänst",
  completed: "Avslutat",
  at: "{{step}} · {{time}}",
  incidents: "Incidentrapporter",
  severity: { green: "Grön", amber: "Gul", red: "Röd" },
  rate: "Betygsätt uppdraget",
  stars: "Stjärnor",
  starsLabel: "{{count}} av 5",
  comment: "Kommentar",
  send: "Skicka betyg",
  thanks: "Tack för ditt betyg.",
  yourRating: "Ditt betyg: {{stars}} av 5",
};
