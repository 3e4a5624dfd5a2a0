import type { InfoSection } from "../../components/info-page.tsx";

// docs/product.md §1: How It Works is a static five-step explanation of the main flow (location and dates,
// services, account with an e-mailed 4-digit code, booking, confirmation within 24 hours).

export type HowItWorksContent = {
  eyebrow: string;
  title: string;
  intro: string[];
  stepsHeading: string;
  stepLabel: string;
  steps: { title: string; body: string }[];
  sections: InfoSection[];
};

export const howItWorksEnglish = {
  eyebrow: "How It Works",
  title: "From request to protection in five steps",
  intro: [
    "Booking licensed security with Nordic Shield takes a few minutes online. A senior security consultant then reviews every detail and confirms your protection plan within 24 hours.",
  ],
  stepsHeading: "The five steps",
  stepLabel: "Step",
  steps: [
    {
      title: "Tell us where and when",
      body: "Enter the city where you need protection and choose your dates on the calendar. Use the locate-me button if you need someone where you are now.",
    },
    {
      title: "Configure your services",
      body: "Choose residential protection, a security driver, going-out security, a bodyguard or event security, and set the number of guards, hours per day, time of day, dress style or vehicle. The total updates as you go.",
    },
    {
      title: "Sign in or create your account",
      body: "Sign in, or register with your e-mail address and a password. We send a 4-digit code to confirm the address, then ask for the contact details your team will need.",
    },
    {
      title: "Book and receive your confirmation e-mail",
      body: "Review the summary and press Book now. Your booking is recorded straight away and a confirmation e-mail with every detail arrives in your inbox.",
    },
    {
      title: "A consultant confirms your plan within 24 hours",
      body: "A senior consultant checks the assignment, sends a tailored protection plan with the profiles of your operatives and stays your contact throughout. Booking again later? We keep the same team wherever possible.",
    },
  ],
  sections: [
    {
      id: "good-to-know",
      heading: "Good to know",
      list: [
        "Prices are per day and per guard, in euro, and shown before you book.",
        "Cancel free of charge until two days before the start date; after that the booking is non-refundable.",
        "Every operative is licensed, vetted and insured through a security company authorised by Länsstyrelsen or its equivalent abroad.",
        "Your confirmed team contacts you 24 hours before the assignment starts.",
        "Support answers Monday–Friday, 09-18, in English, at {{email}}.",
      ],
    },
  ],
} satisfies HowItWorksContent;
