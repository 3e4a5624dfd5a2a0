import type { Catalogue } from "../lib/i18n.ts";
import type { english } from "./bankid-translations.ts";

// BankID's recommended user messages in BankID's Swedish, and the dialog's words (ADR 272); a chunk
// of its own that only a Swedish page loads (ADR 210).
export const swedish: Catalogue<typeof english> = {
  messages: {
    RFA1: "Starta BankID-appen.",
    RFA2: "Du har inte BankID-appen installerad. Kontakta din bank.",
    RFA3: "Åtgärden avbruten. Försök igen.",
    RFA4: "En identifiering eller underskrift för det här personnumret är redan påbörjad. Försök igen.",
    RFA5: "Internt tekniskt fel. Försök igen.",
    RFA6: "Åtgärden avbruten.",
    RFA8: "BankID-appen svarar inte. Kontrollera att den är startad och att du har internetanslutning. Om du inte har något giltigt BankID kan du skaffa ett hos din bank. Försök sedan igen.",
    RFA9: "Skriv in din säkerhetskod i BankID-appen och välj Identifiera.",
    RFA13: "Försöker starta BankID-appen.",
    RFA15A:
      "Söker efter BankID, det kan ta en liten stund … Om det har gått några sekunder och inget BankID har hittats har du sannolikt inget BankID som går att använda för den aktuella identifieringen i den här enheten. Om du inte har något BankID kan du skaffa ett hos din bank.",
    RFA15B:
      "Söker efter BankID, det kan ta en liten stund … Om det har gått några sekunder och inget BankID har hittats har du sannolikt inget BankID som går att använda för den aktuella identifieringen i den här datorn. Om du har ett BankID på en annan enhet kan du läsa av QR-koden med dess BankID-app. Om du inte har något BankID kan du skaffa ett hos din bank.",
    RFA16: "Det BankID du försöker använda är för gammalt eller spärrat. Använd ett annat BankID eller skaffa ett nytt hos din bank.",
    RFA17A:
      "BankID-appen verkar inte finnas i din dator eller mobil. Installera den och skaffa ett BankID hos din bank. Installera appen från din appbutik eller https://install.bankid.com.",
    RFA17B:
      "Misslyckades att läsa av QR-koden. Starta BankID-appen och läs av QR-koden. Kontrollera att BankID-appen är uppdaterad. Om du inte har BankID-appen måste du installera den och skaffa ett BankID hos din bank. Installera appen från din appbutik eller https://install.bankid.com.",
    RFA21: "Identifiering pågår.",
    RFA22: "Okänt fel. Försök igen.",
    RFA23: "Fotografera och läs av din ID-handling med BankID-appen.",
  },
  continue: "Fortsätt med BankID",
  link: "Koppla BankID",
  title: "BankID",
  chooseDevice: "Var finns ditt BankID?",
  otherDevice: "BankID på annan enhet",
  thisDevice: "BankID på den här enheten",
  qrAlt: "QR-kod att läsa av med BankID-appen",
  qrHelp: "Öppna BankID-appen i mobilen, välj QR-symbolen och läs av koden.",
  openApp: "Öppna BankID",
  cancel: "Avbryt",
  tryAgain: "Försök igen",
  close: "Stäng",
  noAccount:
    "Inget konto använder det här BankID:t än. Logga in eller skapa ditt konto med din e-postadress nedan: då kopplas ditt BankID till kontot, och nästa gång loggar BankID in dig.",
  linkedAfterSignIn: "Ditt BankID är nu kopplat till kontot.",
  linkedElsewhere: "Det här BankID:t är redan kopplat till ett annat konto.",
  linked: "BankID kopplat",
  unlinked: "BankID bortkopplat",
  heading: "BankID",
  intro: "Koppla ditt BankID för att logga in med det i stället för lösenord. Vi sparar ditt personnummer krypterat.",
  linkedAs: "Kopplat till {{name}} ({{personalNumber}})",
  unlink: "Koppla bort BankID",
  loadFailed: "Det gick inte att läsa in dina BankID-inställningar.",
};
