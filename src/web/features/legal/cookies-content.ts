import type { InfoPageContent } from "../../components/info-page.tsx";

// docs/product.md §2 "Static legal pages": Cookie Usage, Types of Cookies (essential, functional, analytics,
// marketing), Cookie Management, Your Cookie Choices (GDPR rights), Managing Cookies, Third-Party
// Cookies, Updates, Contact Us with the privacy contact address. The text describes what the
// product really stores: one session cookie after sign-in (Better Auth, cookie prefix in
// src/server/auth/auth.ts), the language choice in localStorage and the unfinished booking in
// sessionStorage (src/web/features/booking).

export const cookiesEnglish = {
  eyebrow: "Legal",
  title: "Cookies Policy",
  intro: [
    "We keep cookies to the minimum the service needs. This policy lists exactly what our website stores in your browser, why, and how you can control it.",
  ],
  updated: "Last updated: 21 November 2026",
  sections: [
    {
      id: "cookie-usage",
      heading: "Cookie usage",
      paragraphs: [
        "A cookie is a small text file that a website stores in your browser. Similar technologies, such as the browser's local storage, keep information on your device in the same way. Under the Swedish Electronic Communications Act (2022:482) and the GDPR, we may store information that is strictly necessary for a service you ask for; anything else needs your consent.",
        "Today our website stores only three things: a session cookie when you sign in, your language choice, and your unfinished booking while you make it. Each is needed for a feature you use; none tracks you across other websites.",
      ],
    },
    {
      id: "types-of-cookies",
      heading: "Types of cookies",
      list: [
        "Essential: the session cookie (nordic-shield.session_token) that keeps you signed in. It is set only when you sign in or create an account, cannot be read by scripts (HttpOnly), is sent only to our own site, and is removed when you sign out or the session expires. Without it you cannot book or use your dashboard.",
        "Functional: your choice of English or Swedish, kept in your browser's local storage under the name “language”. It never leaves your device and is not sent to our server. It stays until you clear your browser's site data. While you configure a booking, your unfinished selection (location, dates and services) is kept in the browser's session storage so that it survives signing in; it is deleted when you close the tab.",
        "Analytics: none. We do not use analytics cookies or tracking tools.",
        "Marketing: none. We do not use advertising or retargeting cookies and we do not share data with advertising networks.",
      ],
    },
    {
      id: "cookie-management",
      heading: "Cookie management",
      paragraphs: [
        "Because we use only an essential cookie and a functional preference that you set yourself by pressing the language button, we do not show a consent banner. If we ever want to add analytics or marketing cookies, we will ask for your consent first, with the choice to refuse as easy as the choice to accept, and we will update this policy before we do.",
      ],
    },
    {
      id: "your-cookie-choices",
      heading: "Your cookie choices",
      paragraphs: ["The GDPR gives you control over the data linked to these cookies:"],
      list: [
        "You can sign out at any time, which removes the session cookie.",
        "You can switch language or clear your browser's site data, which removes the stored language choice.",
        "You have the right to access, rectification, erasure, restriction, portability and objection, and to withdraw any consent you have given. Our Privacy Policy explains how to use these rights.",
      ],
    },
    {
      id: "managing-cookies",
      heading: "Managing cookies in your browser",
      paragraphs: [
        "Every modern browser lets you see, block and delete cookies and site data, usually under Settings › Privacy or Settings › Site data. You can remove our cookie and the language choice there at any time. If you block cookies for our site, you can still read every page, but you will not be able to sign in or book.",
      ],
    },
    {
      id: "third-party-cookies",
      heading: "Third-party cookies",
      paragraphs: [
        "None. Our pages load no scripts, fonts, images, maps or videos from other companies, so no third party can set cookies through our website. Location search is answered by our own server.",
      ],
    },
    {
      id: "updates",
      heading: "Updates to this policy",
      paragraphs: [
        "We will update this policy whenever we change what we store in your browser, and change the date at the top of the page. Material changes will be announced on the website before they take effect.",
      ],
    },
    {
      id: "contact-us",
      heading: "Contact us",
      paragraphs: ["Questions about cookies or your privacy can be sent to our privacy contact at {{email}}, with the subject “Privacy”."],
      contact: "email",
    },
  ],
} satisfies InfoPageContent;

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
