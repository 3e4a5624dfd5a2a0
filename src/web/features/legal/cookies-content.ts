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
