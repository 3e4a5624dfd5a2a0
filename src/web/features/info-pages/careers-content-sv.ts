import type { InfoPageContent } from "../../components/info-page.tsx";

// ADR 204: the Swedish of this page is a chunk of its own that only a Swedish page loads.
export const careersSwedish = {
  eyebrow: "Karriär",
  title: "Just nu har vi inga lediga tjänster",
  intro: [
    "Vi rekryterar inte till någon roll för tillfället. Vi hör ändå gärna av erfarna, auktoriserade säkerhetsproffs och sparar spontanansökningar tills nästa uppdrag kräver just din profil.",
  ],
  sections: [
    {
      id: "who-we-look-for",
      heading: "Vilka vi söker",
      list: [
        "Personskyddsoperatörer med genomförd personskyddsutbildning och operativ erfarenhet.",
        "Väktare och skyddsvakter godkända av länsstyrelsen enligt lagen (1974:191) om bevakningsföretag, eller med motsvarande tillstånd i ett annat EU-land.",
        "Säkerhetschaufförer med utbildning i avancerad eller defensiv körning och utan anmärkningar.",
        "Evenemangspersonal med erfarenhet av publiksäkerhet; intyg i första hjälpen och brandskydd är meriterande.",
        "Flytande engelska krävs för alla roller; svenska och andra europeiska språk är starkt meriterande.",
      ],
    },
    {
      id: "open-application",
      heading: "Så skickar du en spontanansökan",
      paragraphs: ["Skicka ett e-postmeddelande till {{email}} med ämnesraden ”Spontanansökan” och bifoga som PDF-filer:"],
      list: [
        "Ditt CV, med din bakgrund inom säkerhet, Försvarsmakten eller polisen.",
        "Kopior av tillstånd och utbildningsbevis (till exempel länsstyrelsens godkännande samt intyg för personskydd, körning och första hjälpen).",
        "En kort beskrivning av vilka roller, regioner och språk du kan arbeta med, och när du är tillgänglig.",
      ],
      closing: [
        "Skicka inte pass, personnummer eller hälsouppgifter i det här skedet; vi ber om det som säkerhetsprövningen kräver först om vi kallar dig till intervju.",
      ],
      contact: "email",
    },
    {
      id: "what-happens-next",
      heading: "Vad händer sedan",
      paragraphs: [
        "En senior konsult läser varje ansökan och svarar inom två veckor. Om din profil passar ett kommande uppdrag bjuder vi in dig till intervju och, när det krävs, till den säkerhetsprövning som svensk lag föreskriver för personal i bevakningsföretag.",
        "Vi sparar din ansökan i 12 månader och raderar den sedan, om du inte ber oss radera den tidigare eller godkänner en längre tid. Du kan när som helst begära en kopia eller radering; läs mer i vår integritetspolicy.",
      ],
    },
  ],
} satisfies InfoPageContent;
