import type { InfoPageContent } from "../../components/info-page.tsx";

// docs/product.md §1: the Careers page says there are no open positions; it also explains open applications.

export const careersEnglish = {
  eyebrow: "Careers",
  title: "There are no open positions right now",
  intro: [
    "We are not recruiting for any role at the moment. We are always glad to hear from experienced, licensed security professionals, and we keep open applications on file for when the next assignment calls for your profile.",
  ],
  sections: [
    {
      id: "who-we-look-for",
      heading: "Who we look for",
      list: [
        "Close protection officers with completed personal protection training and operational experience.",
        "Security officers (väktare) and security guards approved by Länsstyrelsen under the Act on Security Companies (1974:191), or with the equivalent licence in another EU country.",
        "Security drivers with advanced or defensive driving training and a clean driving record.",
        "Event security staff with crowd-safety experience; first-aid and fire-safety certificates are an advantage.",
        "Fluent English is required for every role; Swedish and other European languages are a strong advantage.",
      ],
    },
    {
      id: "open-application",
      heading: "How to send an open application",
      paragraphs: ["Send an e-mail to {{email}} with the subject “Open application” and attach, as PDF files:"],
      list: [
        "Your CV, including your security and military or police background.",
        "Copies of your licences and training certificates (for example Länsstyrelsen approval, protection, driving and first-aid certificates).",
        "A short note on the roles, regions and languages you can work in, and your availability.",
      ],
      closing: [
        "Please do not send your passport, national identity number or health information at this stage; we ask for what the background check requires only if we invite you to an interview.",
      ],
      contact: "email",
    },
    {
      id: "what-happens-next",
      heading: "What happens next",
      paragraphs: [
        "A senior consultant reads every application and replies within two weeks. If your profile matches a future assignment, we invite you to an interview and, when required, to the security vetting that Swedish law prescribes for staff of security companies.",
        "We keep your application for 12 months and then delete it, unless you ask us to delete it earlier or agree to a longer period. You can ask for a copy or deletion at any time; see our Privacy Policy.",
      ],
    },
  ],
} satisfies InfoPageContent;

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
