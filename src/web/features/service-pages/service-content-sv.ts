import { serviceTitles } from "../../../shared/service-titles.ts";
import type { ServicePagesCopy } from "./service-content-types.ts";

// Swedish copy of the five service pages; same placeholders as service-content-en.ts.

export const servicePagesSwedish = {
  labels: {
    eyebrow: "Säkerhetstjänster",
    from: "Från",
    unit: "per väktare och dag (12 timmar), inkl. moms",
    book: "Boka den här tjänsten",
    priceNote:
      "Det exakta totalpriset för dina datum och val visas innan du bokar. En senior konsult bekräftar varje bokning inom 24 timmar.",
    otherServices: "Andra tjänster",
    includedHeading: "Det här ingår",
    audienceHeading: "För vem",
    pricingHeading: "Så sätts priset",
  },
  services: {
    residential: {
      title: serviceTitles.residential.sv,
      intro: [
        "Auktoriserade väktare på plats i ditt hem, din villa, ditt fritidshus eller din hotellsvit, så att du och ditt hushåll kan vila, arbeta och ta emot gäster utan oro, dag som natt.",
      ],
      included: [
        "En genomgång av platsen första dagen: entréer, skalskydd, belysning, larm och utrymningsvägar, med praktiska råd.",
        "Tillträdeskontroll för gäster, personal och leveranser enligt den lista du kommer överens om med teamledaren.",
        "Regelbundna ronder och en synlig eller diskret närvaro, som du föredrar.",
        "Samordning med ditt larmbolag och vid behov polisen.",
        "En kort skriftlig rapport efter varje pass.",
      ],
      audience: [
        "Familjer och företagsledare som utsätts för hot eller uppmärksamhet, offentliga personer, hushåll under renovering eller vid värdefulla evenemang i hemmet, och besökare som hyr bostad utomlands.",
      ],
      pricing: [
        "Från {{price}} per väktare och dag för ett dagpass på 12 timmar. Nattpass kostar {{night}} gånger dagpriset och dygnet runt-bevakning {{dayNight}} gånger dagpriset.",
        "Välj antal väktare (1 till 10) och antal dagar; totalen är dagpriset gånger antal väktare gånger antal dagar.",
      ],
    },
    driver: {
      title: serviceTitles.driver.sv,
      intro: [
        "En säkerhetsutbildad chaufför som planerar säkra rutter, håller utkik efter kartläggning och ser till att du kommer fram, i ditt eget fordon eller i en representationsbil som vi står för.",
      ],
      included: [
        "En chaufför utbildad i defensiv körning och undanmanöver, första hjälpen och ruttplanering.",
        "Rekognosering av rutter med alternativa vägar och säkra stopp för varje resa.",
        "Transfer till och från flygplats, hotell och evenemang, med mottagning på plats.",
        "Fordon om du vill: en Mercedes-Benz S-klass eller en V-klass, rengjord och kontrollerad före varje uppdrag.",
        "Väntetid och ändringar med kort varsel inom de bokade timmarna.",
      ],
      audience: [
        "Företagsledare på affärsresa, gäster som anländer till evenemang, familjer som behöver skjuts till skola eller flygplats, och alla som hellre slipper köra själva i en okänd stad.",
      ],
      pricing: [
        "Från {{price}} per väktare och dag (12 timmar) när chauffören kör ditt fordon. Med fordon från oss multipliceras dagpriset med {{withCar}} och med fordonsklassen ({{sClass}} för S-klass, {{vClass}} för V-klass), plus en fordonsavgift på {{carFee}} per dag.",
        "Kortare eller längre dagar prissätts i proportion: 6 timmar kostar {{short}} gånger dagpriset, 18 timmar {{long}} gånger och 24 timmar {{full}} gånger.",
      ],
    },
    "going-out": {
      title: serviceTitles["going-out"].sv,
      intro: [
        "Diskret skydd för en kväll ute: middagar, klubbar, konserter och privata fester, med en skyddsvakt som smälter in och har koll på vad som händer omkring dig.",
      ],
      included: [
        "Kontroll i förväg av lokalen, entréerna och vägen hem.",
        "Nära sällskap under kvällen i vardaglig eller formell klädsel, efter tillfället.",
        "Nedtrappning av oönskad uppmärksamhet och en säker väg ut om läget ändras.",
        "Samordning med lokalens egen säkerhetspersonal och din chaufför.",
        "Säker hemfärd till din bostad eller ditt hotell.",
      ],
      audience: [
        "Offentliga personer, besökare i en stad de inte känner, sällskap som firar något särskilt och föräldrar som vill ha en vuxen i närheten när deras unga vuxna går ut.",
      ],
      pricing: [
        "Från {{price}} per väktare och dag (12 timmar). De flesta kvällar bokas som uppdrag på 6 timmar till {{short}} gånger dagpriset; 18 och 24 timmar kostar {{long}} och {{full}} gånger.",
        "Klädstilen (vardaglig eller formell) påverkar inte priset.",
      ],
    },
    bodyguard: {
      title: serviceTitles.bodyguard.sv,
      intro: [
        "En auktoriserad personskyddsoperatör som följer dig hela dagen, planerar varje förflyttning i förväg och håller dig borta från fara, hemma eller på resa.",
      ],
      included: [
        "En hot- och riskbedömning före uppdraget och en skriftlig skyddsplan.",
        "Personskydd under de bokade timmarna, i vardaglig eller formell klädsel.",
        "Förberedelser inför möten, hotell och evenemang, och samordning med chaufförer och bostadsteam.",
        "Akut första hjälpen och en förberedd plan för medicinska incidenter och säkerhetsincidenter.",
        "Fullständig diskretion om din identitet, ditt schema och dina gäster.",
      ],
      audience: [
        "Företagsledare, offentliga personer, förmögna privatpersoner och deras familjer, hotade journalister och vittnen, och alla som reser till ett område med förhöjd risk.",
      ],
      pricing: [
        "Från {{price}} per väktare och dag (12 timmar). Dagar på 6, 18 eller 24 timmar kostar {{short}}, {{long}} och {{full}} gånger dagpriset.",
        "Större skyddsstyrkor bokas per väktare: två operatörer kostar dubbelt så mycket som en.",
      ],
    },
    event: {
      title: serviceTitles.event.sv,
      intro: [
        "Ett auktoriserat säkerhetsteam för privata fester, bröllop, lanseringar och företagsevenemang, från gästlistan vid dörren till ett lugnt och säkert slut på kvällen.",
      ],
      included: [
        "En säkerhetsplan för lokalen: entréer, kapacitet, nödutgångar och platser för första hjälpen.",
        "Gästlista och tillträdeskontroll vid dörren, med armband eller ackreditering om du använder det.",
        "Skydd av värdar, talare eller artister.",
        "Publiksäkerhet, konflikthantering och kontakt med lokalens personal, polis och räddningstjänst.",
        "En genomgång efter evenemanget.",
      ],
      audience: [
        "Privata värdar, bröllopsplanerare, företag som håller lanseringar eller styrelsemiddagar, och byråer som producerar evenemang med kända gäster.",
      ],
      pricing: [
        "Från {{price}} per väktare och dag (12 timmar). Boka 1 till 10 väktare online; för större team, skriv till oss för en skräddarsydd offert.",
        "Dagar på 6, 18 eller 24 timmar kostar {{short}}, {{long}} och {{full}} gånger dagpriset.",
      ],
    },
  },
} satisfies ServicePagesCopy;
