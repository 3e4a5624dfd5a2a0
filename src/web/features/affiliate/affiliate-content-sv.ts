import type { AffiliateCopy } from "./affiliate-content.ts";

// ADR 204: the Swedish of this page is a chunk of its own that only a Swedish page loads.
export const affiliateSwedish: AffiliateCopy = {
  page: {
    eyebrow: "Partner- och ambassadörsprogram",
    title: "Rekommendera skydd du kan gå i god för",
    intro: [
      "Våra ambassadörer är yrkespersoner vars kunder ibland behöver diskret, auktoriserad säkerhet: hotellconcierger, resebyråer, evenemangsplanerare och fastighetsmäklare. När du introducerar en kund som bokar hos oss får du provision, och din kund får ett team bekräftat inom 24 timmar.",
    ],
    sections: [
      {
        id: "who-it-is-for",
        heading: "För vem",
        list: [
          "Hotell- och privatconcierger vars gäster frågar efter chaufför, livvakt eller säkerhet under en utekväll.",
          "Resebyråer och resesamordnare som planerar resor för företagsledare, familjer och offentliga personer.",
          "Evenemangs- och bröllopsplanerare som behöver en pålitlig säkerhetspartner för gäster, värdar och lokaler.",
          "Fastighetsmäklare och förvaltare som arbetar med exklusiva bostäder, visningar och korttidsuthyrning.",
        ],
        closing: [
          "Du behöver ingen bakgrund inom säkerhet. Du behöver kunder som värdesätter diskretion och omdöme att veta när du ska nämna oss.",
        ],
      },
      {
        id: "how-referrals-work",
        heading: "Så fungerar rekommendationer",
        list: [
          "När du har godkänts får du en personlig rekommendationskod och en kort presentation som du kan skicka vidare till kunder.",
          "Din kund bokar online som vanligt och anger din kod, eller så introducerar du kunden för oss via e-post, med kundens tillstånd.",
          "En senior konsult tar sedan över: planering, bemanning och bekräftelse inom 24 timmar. Du ansvarar aldrig för uppdraget.",
          "Av diskretionsskäl berättar vi bara att en rekommenderad bokning har genomförts och vad den var värd, aldrig var eller när den ägde rum.",
        ],
      },
      {
        id: "commission",
        heading: "Provisionen i klartext",
        list: [
          "Du får {{commission}} av priset för varje genomförd bokning som en kund du rekommenderat gör, exklusive moms.",
          "Det gäller alla bokningar kunden gör under 12 månader efter den första.",
          "En bokning räknas när den har levererats och betalats; avbokade och återbetalade bokningar ger ingen provision.",
          "Vi skickar en sammanställning och betalar via banköverföring varje månad, utan avgifter och utan lägsta volym.",
        ],
      },
      {
        id: "how-to-apply",
        heading: "Så ansöker du",
        paragraphs: [
          "Fyll i formuläret nedan. En partneransvarig svarar inom två arbetsdagar, oftast med ett kort samtal för att förstå dina kunder. Om vi passar varandra skriver du under ett ambassadörsavtal på en sida och får din rekommendationskod samma dag. Har du frågor först? Skriv till {{email}}.",
        ],
      },
    ],
  },
  form: {
    heading: "Ansök om att bli ambassadör",
    applyNow: "Ansök nu",
    lead: "Berätta vem du är och vilka dina kunder är. Det tar en minut och förpliktar dig till ingenting.",
    fullName: "Fullständigt namn",
    email: "E-post",
    audience: "Vad beskriver dig bäst?",
    audienceOptions: {
      concierge: "Concierge (hotell eller privat)",
      travel: "Resebyrå eller resesamordnare",
      events: "Evenemangs- eller bröllopsplanerare",
      real_estate: "Fastighetsmäklare eller förvaltare",
      other: "Något annat",
    },
    message: "Om dig och dina kunder",
    messageHint: "Till exempel ditt företag, din stad och vilka kunder du arbetar med.",
    optional: "valfritt",
    submit: "Skicka ansökan",
    submitting: "Skickar…",
    privacyNote: "Vi använder uppgifterna bara för att besvara din ansökan; se vår integritetspolicy.",
    successTitle: "Tack, vi har tagit emot din ansökan",
    successBody: "En partneransvarig svarar till {{email}} inom två arbetsdagar.",
    sendAnother: "Skicka en ny ansökan",
    failed: "Ansökan kunde inte skickas",
  },
  validation: {
    fullNameShort: "Namnet måste vara minst 3 tecken",
    nameLong: "Namnet får vara högst 120 tecken",
    emailInvalid: "Ange en giltig e-postadress",
    audienceRequired: "Välj det som beskriver dig bäst",
    messageLong: "Meddelandet får vara högst 2000 tecken",
    unsupportedCharacters: "Ta bort tecknen som inte stöds.",
  },
};
