import type { HowItWorksContent } from "./how-it-works-content.ts";

// ADR 204: the Swedish of this page is a chunk of its own that only a Swedish page loads.
export const howItWorksSwedish = {
  eyebrow: "Så fungerar det",
  title: "Från förfrågan till skydd i fem steg",
  intro: [
    "Att boka auktoriserad säkerhetspersonal hos Nordic Shield tar några minuter online. En senior säkerhetskonsult går sedan igenom varje detalj och bekräftar ditt skyddsupplägg inom 24 timmar.",
  ],
  stepsHeading: "De fem stegen",
  stepLabel: "Steg",
  steps: [
    {
      title: "Berätta var och när",
      body: "Ange staden där du behöver skydd och välj datum i kalendern. Använd knappen för din position om du behöver någon där du är just nu.",
    },
    {
      title: "Välj och anpassa tjänster",
      body: "Välj bostadsskydd, säkerhetschaufför, säkerhet för utekvällar, livvakt eller säkerhet för evenemang, och ange antal väktare, timmar per dag, tid på dygnet, klädstil eller fordon. Totalpriset uppdateras medan du väljer.",
    },
    {
      title: "Logga in eller skapa ett konto",
      body: "Logga in, eller registrera dig med e-postadress och lösenord. Vi skickar en fyrsiffrig kod för att bekräfta adressen och ber sedan om de kontaktuppgifter ditt team behöver.",
    },
    {
      title: "Boka och få en bekräftelse via e-post",
      body: "Granska sammanfattningen och tryck på Boka nu. Bokningen registreras direkt och ett bekräftelsemejl med alla detaljer kommer till din inkorg.",
    },
    {
      title: "En konsult bekräftar upplägget inom 24 timmar",
      body: "En senior konsult går igenom uppdraget, skickar en skräddarsydd skyddsplan med profiler för din personal och är din kontakt hela vägen. Bokar du igen senare? Vi behåller samma team så långt det är möjligt.",
    },
  ],
  sections: [
    {
      id: "good-to-know",
      heading: "Bra att veta",
      list: [
        "Priserna gäller per dag och per väktare, i euro, och visas innan du bokar.",
        "Avboka kostnadsfritt fram till två dagar före startdatum; därefter återbetalas bokningen inte.",
        "All personal är auktoriserad, granskad och försäkrad genom ett bevakningsföretag som godkänts av länsstyrelsen eller motsvarande myndighet utomlands.",
        "Ditt bekräftade team kontaktar dig 24 timmar innan uppdraget börjar.",
        "Supporten svarar måndag–fredag 09–18, på engelska, via {{email}}.",
      ],
    },
  ],
} satisfies HowItWorksContent;
