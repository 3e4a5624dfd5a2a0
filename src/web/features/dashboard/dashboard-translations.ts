import { registerTranslations } from "../../lib/i18n.ts";

// SPEC §2 customer dashboard: MY ACCOUNT, Profile / Bookings / Security, Sign Out, Logout.

const english = {
  title: "MY ACCOUNT",
  greeting: "Signed in as {{email}}",
  menuLabel: "Account menu",
  menu: { profile: "Profile", bookings: "Bookings", security: "Security", signOut: "Sign Out", logout: "Logout" },
  signedOut: "You have been signed out successfully",
  profile: {
    heading: "Contact Details",
    fields: {
      name: "NAME",
      phone: "PHONE NR.",
      email: "E-MAIL",
      address: "STREET ADDRESS",
      city: "CITY",
      country: "COUNTRY",
      postalCode: "ZIP/POSTCODE",
    },
    notProvided: "Not provided",
    loadFailed: "Failed to load profile data",
    retry: "Try again",
  },
  bookings: {
    heading: "BOOKINGS",
    soonTitle: "Your booking history is on its way",
    soonBody:
      "Soon you will see upcoming and past assignments here, with status, dates and guard details. Every request you send is confirmed by e-mail within 24 hours.",
    cta: "Book protection",
  },
  security: {
    heading: "SECURITY",
    soonTitle: "Emergency contacts are coming soon",
    soonBody:
      "Soon you can keep I.C.E. contacts here for our team to reach if something happens during an assignment. Until then, give them to your consultant when we confirm your booking.",
    cta: "Book protection",
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const swedish: Shape<typeof english> = {
  title: "MITT KONTO",
  greeting: "Inloggad som {{email}}",
  menuLabel: "Kontomeny",
  menu: { profile: "Profil", bookings: "Bokningar", security: "Säkerhet", signOut: "Logga ut", logout: "Logga ut" },
  signedOut: "Du har loggats ut",
  profile: {
    heading: "Kontaktuppgifter",
    fields: {
      name: "NAMN",
      phone: "TELEFONNR",
      email: "E-POST",
      address: "GATUADRESS",
      city: "ORT",
      country: "LAND",
      postalCode: "POSTNUMMER",
    },
    notProvided: "Inte angivet",
    loadFailed: "Profilen kunde inte laddas",
    retry: "Försök igen",
  },
  bookings: {
    heading: "BOKNINGAR",
    soonTitle: "Din bokningshistorik är på väg",
    soonBody:
      "Snart ser du kommande och tidigare uppdrag här, med status, datum och information om vakterna. Varje förfrågan bekräftas via e-post inom 24 timmar.",
    cta: "Boka skydd",
  },
  security: {
    heading: "SÄKERHET",
    soonTitle: "Nödkontakter kommer snart",
    soonBody:
      "Snart kan du spara ICE-kontakter här som vårt team når om något händer under ett uppdrag. Fram till dess kan du lämna dem till din konsult när vi bekräftar bokningen.",
    cta: "Boka skydd",
  },
};

registerTranslations("dashboard", { en: english, sv: swedish });
