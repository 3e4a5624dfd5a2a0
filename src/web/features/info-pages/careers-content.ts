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
