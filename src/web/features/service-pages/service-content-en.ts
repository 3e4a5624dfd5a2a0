import { serviceTitles } from "../../../shared/service-titles.ts";
import type { ServicePagesCopy } from "./service-content-types.ts";

// docs/product.md §2: the five VIP service pages are static text; docs/product.md §9 gives the prices and multipliers
// quoted here through placeholders filled from src/shared/catalogue.ts (see service-prices.ts).

export const servicePagesEnglish = {
  labels: {
    eyebrow: "Security services",
    from: "From",
    unit: "per guard, per day (12 hours), incl. VAT",
    book: "Book this service",
    priceNote:
      "The exact total for your dates and options is shown before you book. A senior consultant confirms every booking within 24 hours.",
    otherServices: "Other services",
    includedHeading: "What is included",
    audienceHeading: "Who it is for",
    pricingHeading: "How it is priced",
  },
  services: {
    residential: {
      title: serviceTitles.residential.en,
      intro: [
        "Licensed security officers posted at your home, villa, holiday residence or hotel suite, so that you and your household can rest, work and receive guests without worry, day or night.",
      ],
      included: [
        "A site survey on the first day: entrances, perimeter, lighting, alarms and escape routes, with practical advice.",
        "Access control for guests, staff and deliveries, checked against the list you agree with your team leader.",
        "Regular perimeter rounds and a visible or discreet presence, as you prefer.",
        "Coordination with your alarm company and, if needed, the police.",
        "A short written report at the end of each shift.",
      ],
      audience: [
        "Families and executives who receive threats or attention, public figures, households during renovation or high-value events at home, and visitors renting a residence while abroad.",
      ],
      pricing: [
        "From {{price}} per guard and day for a 12-hour day shift. Night shifts are priced at {{night}} times the day rate and round-the-clock day-and-night cover at {{dayNight}} times the day rate.",
        "Choose the number of guards (1 to 10) and the number of days; the total is the daily price times guards times days.",
      ],
    },
    driver: {
      title: serviceTitles.driver.en,
      intro: [
        "A security-trained driver who plans safe routes, watches for surveillance and keeps you moving, in your own vehicle or in an executive car that we provide.",
      ],
      included: [
        "A driver trained in defensive and evasive driving, first aid and route planning.",
        "Route reconnaissance with alternative routes and safe stops for each journey.",
        "Airport, hotel and venue transfers with meet-and-greet.",
        "Optional vehicle: a Mercedes-Benz S-Class saloon or a V-Class van, cleaned and checked before every assignment.",
        "Waiting time and short-notice changes within the booked hours.",
      ],
      audience: [
        "Executives on business trips, guests arriving for events, families who need school or airport runs, and anyone who would rather not drive themselves in an unfamiliar city.",
      ],
      pricing: [
        "From {{price}} per guard and day (12 hours) when the driver uses your vehicle. With a vehicle from us, the day rate is multiplied by {{withCar}} and by the vehicle class ({{sClass}} for an S-Class, {{vClass}} for a V-Class), plus a vehicle fee of {{carFee}} per day.",
        "Shorter or longer days are priced in proportion: 6 hours at {{short}} times the day rate, 18 hours at {{long}} times and 24 hours at {{full}} times.",
      ],
    },
    "going-out": {
      title: serviceTitles["going-out"].en,
      intro: [
        "Discreet protection for an evening out: dinners, clubs, concerts and private parties, with an officer who blends in and keeps an eye on what is happening around you.",
      ],
      included: [
        "Advance check of the venue, entrances and the route home.",
        "Close company during the evening in casual or formal dress, matching the occasion.",
        "De-escalation of unwanted attention, and a safe exit if the situation changes.",
        "Coordination with venue security and your driver.",
        "Safe return to your residence or hotel.",
      ],
      audience: [
        "Public figures, visitors to a city they do not know, groups celebrating a special occasion, and parents who want an adult nearby when their young adults go out.",
      ],
      pricing: [
        "From {{price}} per guard and day (12 hours). Most evenings are booked as 6-hour assignments at {{short}} times the day rate; 18 and 24 hours are priced at {{long}} and {{full}} times.",
        "The dress style (casual or formal) does not change the price.",
      ],
    },
    bodyguard: {
      title: serviceTitles.bodyguard.en,
      intro: [
        "A licensed close protection officer who stays with you throughout the day, plans each move in advance and keeps you out of harm's way, at home or while travelling.",
      ],
      included: [
        "A threat and risk assessment before the assignment and a written protection plan.",
        "Personal close protection during the booked hours, in casual or formal dress.",
        "Advance work at meetings, hotels and venues, and coordination with drivers and residential teams.",
        "Emergency first aid and a prepared plan for medical and security incidents.",
        "Complete discretion about your identity, schedule and guests.",
      ],
      audience: [
        "Executives, public figures, high-net-worth individuals and their families, journalists and witnesses under threat, and anyone who travels to an area with an elevated risk.",
      ],
      pricing: [
        "From {{price}} per guard and day (12 hours). Days of 6, 18 or 24 hours are priced at {{short}}, {{long}} and {{full}} times the day rate.",
        "Larger details are booked per guard: two officers cost twice the rate of one.",
      ],
    },
    event: {
      title: serviceTitles.event.en,
      intro: [
        "A licensed security team for private parties, weddings, launches and corporate events, from the guest list at the door to a calm and safe end of the night.",
      ],
      included: [
        "A security plan for the venue: entrances, capacity, emergency exits and first-aid points.",
        "Guest-list and access control at the door, including wristbands or accreditation if you use them.",
        "Protection of the hosts, speakers or performers.",
        "Crowd safety, de-escalation and liaison with venue staff, the police and emergency services.",
        "A debrief after the event.",
      ],
      audience: [
        "Private hosts, wedding planners, companies holding launches or board dinners, and agencies producing events with well-known guests.",
      ],
      pricing: [
        "From {{price}} per guard and day (12 hours). Book 1 to 10 guards online; for larger teams, write to us for a tailored quote.",
        "Days of 6, 18 or 24 hours are priced at {{short}}, {{long}} and {{full}} times the day rate.",
      ],
    },
  },
} satisfies ServicePagesCopy;
