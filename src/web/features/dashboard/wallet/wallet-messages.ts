import { walletValidationMessages } from "../../../../shared/validation-messages.ts";
import type { TFunction } from "../../../lib/i18n.ts";

// Schema messages are translation keys (ADR 027); a field error the server answered is their
// English text, found again here so it shows in the visitor's language.

type WalletKey = keyof typeof walletValidationMessages;

const keyByEnglish = new Map<string, WalletKey>(
  (Object.entries(walletValidationMessages) as [WalletKey, string][]).map(([key, text]) => [text, key]),
);

export function walletFieldMessage(message: string | undefined, t: TFunction<"wallet">): string | undefined {
  if (!message) return undefined;
  if (Object.hasOwn(walletValidationMessages, message)) return t(message);
  const key = keyByEnglish.get(message);
  return key ? t(key) : message;
}
