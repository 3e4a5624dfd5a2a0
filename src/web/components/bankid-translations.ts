import type { BankIdMessageId } from "../../shared/bankid.ts";
import { registerTranslations } from "../lib/i18n.ts";

// BankID's recommended user messages (RFA1–RFA23, BankID Relying Party guidelines) in BankID's own
// English and Swedish wording, and the words of the BankID dialog (ADR 272).

const messages: Record<BankIdMessageId, string> = {
  RFA1: "Start your BankID app.",
  RFA2: "The BankID app is not installed. Please contact your bank.",
  RFA3: "Action cancelled. Please try again.",
  RFA4: "An identification or signing for this personal number is already started. Please try again.",
  RFA5: "Internal error. Please try again.",
  RFA6: "Action cancelled.",
  RFA8: "The BankID app is not responding. Please check that it is started and that you have internet access. If you don't have a valid BankID you can get one from your bank. Try again.",
  RFA9: "Enter your security code in the BankID app and select Identify.",
  RFA13: "Trying to start your BankID app.",
  RFA15A:
    "Searching for BankID, it may take a little while … If a few seconds have passed and still no BankID has been found, you probably don't have a BankID which can be used for this identification on this device. If you don't have a BankID you can get one from your bank.",
  RFA15B:
    "Searching for BankID, it may take a little while … If a few seconds have passed and still no BankID has been found, you probably don't have a BankID which can be used for this identification on this computer. If you have a BankID on another device, scan the QR code with its BankID app. If you don't have a BankID you can get one from your bank.",
  RFA16: "The BankID you are trying to use is blocked or too old. Please use another BankID or get a new one from your bank.",
  RFA17A:
    "The BankID app couldn't be found on your computer or mobile device. Please install it and get a BankID from your bank. Install the app from your app store or https://install.bankid.com.",
  RFA17B:
    "Failed to scan the QR code. Start the BankID app and scan the QR code. Check that the BankID app is up to date. If you don't have the BankID app, you need to install it and get a BankID from your bank. Install the app from your app store or https://install.bankid.com.",
  RFA21: "Identification in progress.",
  RFA22: "Unknown error. Please try again.",
  RFA23: "Process your machine-readable travel document using the BankID app.",
};

export const english = {
  messages,
  continue: "Continue with BankID",
  link: "Link BankID",
  title: "BankID",
  chooseDevice: "Where is your BankID?",
  otherDevice: "BankID on another device",
  thisDevice: "BankID on this device",
  qrAlt: "QR code to scan with the BankID app",
  qrHelp: "Open the BankID app on your phone, choose the QR code symbol and scan the code.",
  openApp: "Open BankID",
  cancel: "Cancel",
  tryAgain: "Try again",
  close: "Close",
  noAccount:
    "No account uses this BankID yet. Sign in or create your account with your e-mail below: your BankID is then linked to it, and next time BankID signs you in.",
  linkedAfterSignIn: "Your BankID is now linked to this account.",
  linkedElsewhere: "This BankID is already linked to another account.",
  linked: "BankID linked",
  unlinked: "BankID unlinked",
  heading: "BankID",
  intro: "Link your BankID to sign in with it instead of a password. We keep your personal identity number encrypted.",
  linkedAs: "Linked to {{name}} ({{personalNumber}})",
  unlink: "Unlink BankID",
  loadFailed: "Could not load your BankID settings.",
};

registerTranslations("bankid", { en: english, sv: () => import("./bankid-sv.ts").then((module) => module.swedish) });

declare module "../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    bankid: typeof english;
  }
}
