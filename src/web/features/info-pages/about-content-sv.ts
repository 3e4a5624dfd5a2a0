import type { InfoPageContent } from "../../components/info-page.tsx";

// ADR 204: the Swedish of this page is a chunk of its own that only a Swedish page loads.
export const aboutSwedish = {
  eyebrow: "Om Nordic Shield",
  title: "Diskret skydd, planerat med skandinavisk precision",
  intro: [
    "Nordic Shield är ett auktoriserat bevakningsföretag i Sverige som erbjuder personskydd, bostadsbevakning, säkerhetschaufförer och evenemangsbevakning för privatpersoner, företagsledare och deras familjer i hela Europeiska unionen.",
    "Vi har byggt en bokningstjänst för dig som behöver kvalificerat skydd med kort varsel, utan en veckas telefonsamtal: du väljer plats, datum och tjänster, och en senior säkerhetskonsult bekräftar ett skräddarsytt upplägg inom 24 timmar.",
  ],
  highlights: [
    { title: "Auktoriserade", body: "Godkända av länsstyrelsen enligt lagen (1974:191) om bevakningsföretag." },
    { title: "Inom 24 timmar", body: "Varje bokning granskas och bekräftas av en senior konsult." },
    { title: "Granskad personal", body: "Säkerhetsprövad, utbildad och försäkrad för varje uppdrag." },
    { title: "GDPR som standard", body: "Kunduppgifter lagras inom EU och delas bara enligt behovsprincipen." },
  ],
  sections: [
    {
      id: "our-vision",
      heading: "Vår vision",
      paragraphs: [
        "Personskydd ska vara lika enkelt att ordna som en flygresa och lika pålitligt som en bank. Alltför ofta tvingas privatpersoner välja mellan stora bolag som svarar långsamt och frilansare vars tillstånd och försäkringar inte går att kontrollera.",
        "Vår vision är en skyddstjänst som är transparent från första klicket: publicerade dagspriser, namngiven och granskad personal, en skriftlig plan innan uppdraget börjar och en konsult som följer dig från den första förfrågan till uppdragets sista dag och nästa bokning därefter.",
      ],
    },
    {
      id: "our-team",
      heading: "Vårt team",
      paragraphs: [
        "Vår personal är väktare och personskyddsutbildade säkerhetsvakter som är anställda av, eller anlitas genom, ett bevakningsföretag auktoriserat av länsstyrelsen enligt lagen (1974:191) om bevakningsföretag. Var och en har genomgått den säkerhetsprövning som lagen kräver, har utbildningsbevis för sin roll och är godkänd av länsstyrelsen innan de arbetar på ett uppdrag.",
        "Många har bakgrund i Försvarsmakten, polisen eller diplomatiskt skydd. Vid internationella uppdrag samarbetar vi med partnerföretag som har motsvarande tillstånd i sitt land, och vi kontrollerar tillståndet inför varje bokning.",
      ],
      list: [
        "Personskyddsoperatörer utbildade i hotbedömning, ruttplanering, första hjälpen och konflikthantering.",
        "Säkerhetschaufförer med utbildning i avancerad och defensiv körning, vana vid skyddade fordon och representationsbilar.",
        "Bevaknings- och evenemangsteam med erfarenhet av tillträdeskontroll, skalskydd och publiksäkerhet.",
        "Seniora konsulter som planerar varje uppdrag och svarar kunden direkt, på engelska.",
      ],
    },
    {
      id: "our-commitment",
      heading: "Vårt åtagande",
      paragraphs: ["Varje bokning följer samma löften, oavsett om det gäller en väktare en kväll eller ett team i en månad."],
      list: [
        "En senior konsult granskar och bekräftar varje bokning inom 24 timmar, med en skriftlig skyddsplan och profiler för den personal som tilldelas.",
        "Endast auktoriserad, granskad och försäkrad personal. Vi anlitar aldrig någon vars tillstånd vi inte har kontrollerat.",
        "Diskretion som regel: dina planer, adresser och resuppgifter delas bara med dem som behöver dem för ditt skydd.",
        "Tydliga priser per dag och per väktare, som visas innan du bokar, utan dolda tillägg.",
        "Dina personuppgifter behandlas enligt GDPR, lagras inom EU och säljs aldrig.",
        "Kontinuitet: när du bokar igen erbjuder vi samma team så långt det är möjligt.",
      ],
    },
  ],
  tagline: "Auktoriserat. Diskret. Bekräftat inom 24 timmar.",
} satisfies InfoPageContent;
