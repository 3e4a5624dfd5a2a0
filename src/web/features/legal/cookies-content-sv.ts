import type { InfoPageContent } from "../../components/info-page.tsx";

// ADR 204: the Swedish of this page is a chunk of its own that only a Swedish page loads.
export const cookiesSwedish = {
  eyebrow: "Juridik",
  title: "Cookiepolicy",
  intro: [
    "Vi håller cookies till det minimum som tjänsten behöver. Här listar vi exakt vad vår webbplats sparar i din webbläsare, varför och hur du kan styra det.",
  ],
  updated: "Senast uppdaterad: 21 november 2026",
  sections: [
    {
      id: "cookie-usage",
      heading: "Användning av cookies",
      paragraphs: [
        "En cookie är en liten textfil som en webbplats sparar i din webbläsare. Liknande tekniker, som webbläsarens lokala lagring (localStorage), sparar information på din enhet på samma sätt. Enligt lagen (2022:482) om elektronisk kommunikation och GDPR får vi spara information som är nödvändig för en tjänst du efterfrågar; allt annat kräver ditt samtycke.",
        "I dag sparar vår webbplats bara tre saker: en sessionscookie när du loggar in, ditt språkval och din påbörjade bokning medan du gör den. Var och en behövs för en funktion du använder; ingen av dem spårar dig på andra webbplatser.",
      ],
    },
    {
      id: "types-of-cookies",
      heading: "Typer av cookies",
      list: [
        "Nödvändiga: sessionscookien (nordic-shield.session_token) som håller dig inloggad. Den sätts först när du loggar in eller skapar ett konto, kan inte läsas av skript (HttpOnly), skickas bara till vår egen webbplats och tas bort när du loggar ut eller sessionen löper ut. Utan den kan du inte boka eller använda ditt konto.",
        "Funktionella: ditt val av engelska eller svenska, som sparas i webbläsarens lokala lagring under namnet ”language”. Det lämnar aldrig din enhet och skickas inte till vår server. Det finns kvar tills du rensar webbläsarens webbplatsdata. Medan du gör en bokning sparas ditt påbörjade val (plats, datum och tjänster) i webbläsarens sessionslagring så att det finns kvar när du loggar in; det raderas när du stänger fliken.",
        "Analys: inga. Vi använder inga analyscookies eller spårningsverktyg.",
        "Marknadsföring: inga. Vi använder inga reklam- eller retargetingcookies och delar inga uppgifter med annonsnätverk.",
      ],
    },
    {
      id: "cookie-management",
      heading: "Hantering av cookies",
      paragraphs: [
        "Eftersom vi bara använder en nödvändig cookie och en funktionell inställning som du själv gör med språkknappen visar vi ingen samtyckesruta. Om vi någon gång vill lägga till analys- eller marknadsföringscookies ber vi först om ditt samtycke, där det är lika enkelt att avböja som att godkänna, och uppdaterar den här policyn innan dess.",
      ],
    },
    {
      id: "your-cookie-choices",
      heading: "Dina val",
      paragraphs: ["GDPR ger dig kontroll över de uppgifter som hör till dessa cookies:"],
      list: [
        "Du kan logga ut när som helst, vilket tar bort sessionscookien.",
        "Du kan byta språk eller rensa webbläsarens webbplatsdata, vilket tar bort det sparade språkvalet.",
        "Du har rätt till tillgång, rättelse, radering, begränsning, dataportabilitet och invändning, och att återkalla ett samtycke du lämnat. Vår integritetspolicy förklarar hur du använder rättigheterna.",
      ],
    },
    {
      id: "managing-cookies",
      heading: "Hantera cookies i webbläsaren",
      paragraphs: [
        "Alla moderna webbläsare låter dig se, blockera och radera cookies och webbplatsdata, oftast under Inställningar › Sekretess eller Inställningar › Webbplatsdata. Där kan du när som helst ta bort vår cookie och språkvalet. Om du blockerar cookies för vår webbplats kan du fortfarande läsa alla sidor, men du kan inte logga in eller boka.",
      ],
    },
    {
      id: "third-party-cookies",
      heading: "Cookies från tredje part",
      paragraphs: [
        "Inga. Våra sidor läser inte in skript, typsnitt, bilder, kartor eller videor från andra företag, så ingen tredje part kan sätta cookies via vår webbplats. Platssökningen besvaras av vår egen server.",
      ],
    },
    {
      id: "updates",
      heading: "Uppdateringar av policyn",
      paragraphs: [
        "Vi uppdaterar policyn när vi ändrar vad vi sparar i din webbläsare och ändrar då datumet högst upp på sidan. Väsentliga ändringar meddelas på webbplatsen innan de börjar gälla.",
      ],
    },
    {
      id: "contact-us",
      heading: "Kontakta oss",
      paragraphs: ["Frågor om cookies eller din integritet skickas till vår integritetskontakt på {{email}}, med ämnesraden ”Integritet”."],
      contact: "email",
    },
  ],
} satisfies InfoPageContent;
