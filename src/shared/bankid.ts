// ADR 272: what a person reads while a BankID order runs: BankID's recommended user messages
// (RFA1–RFA23, "Recommended user messages" of the Relying Party guidelines) chosen from the order's
// status, hintCode or errorCode, and from how it was started (QR code or this device). The server
// answers the message id; the web words it in the reader's language (web/lib/bankid-messages).

export const bankIdMessageIds = [
  "RFA1",
  "RFA2",
  "RFA3",
  "RFA4",
  "RFA5",
  "RFA6",
  "RFA8",
  "RFA9",
  "RFA13",
  "RFA15A",
  "RFA15B",
  "RFA16",
  "RFA17A",
  "RFA17B",
  "RFA21",
  "RFA22",
  "RFA23",
] as const;
export type BankIdMessageId = (typeof bankIdMessageIds)[number];

/** "qr": the person scans the animated QR code with another device; "sameDevice": the app was started here. */
export type BankIdStartedBy = "qr" | "sameDevice";

export type BankIdOrderStatus = { status: "pending" | "failed"; hintCode: string } | { status: "complete" };

/** The message for a running or ended order (collect's status and hintCode). */
export function bankIdMessageFor(order: BankIdOrderStatus, startedBy: BankIdStartedBy): BankIdMessageId {
  if (order.status === "complete") return "RFA21";
  if (order.status === "pending") {
    switch (order.hintCode) {
      case "outstandingTransaction":
      case "noClient":
        return startedBy === "sameDevice" ? "RFA13" : "RFA1";
      case "started":
        return startedBy === "sameDevice" ? "RFA15A" : "RFA15B";
      case "userMrtd":
        return "RFA23";
      case "userSign":
        return "RFA9";
      default:
        return "RFA21";
    }
  }
  switch (order.hintCode) {
    case "expiredTransaction":
      return "RFA8";
    case "certificateErr":
      return "RFA16";
    case "userCancel":
    case "userDeclinedCall":
      return "RFA6";
    case "cancelled":
      return "RFA3";
    case "startFailed":
      return startedBy === "sameDevice" ? "RFA17A" : "RFA17B";
    case "notSupportedByUserApp":
      return "RFA3";
    default:
      return "RFA22";
  }
}

/** The message for an error answer of /auth, /sign, /collect or /cancel (errorCode). */
export function bankIdMessageForError(errorCode: string): BankIdMessageId {
  switch (errorCode) {
    case "alreadyInProgress":
      return "RFA4";
    case "requestTimeout":
    case "maintenance":
    case "internalError":
      return "RFA5";
    default:
      // invalidParameters, unauthorized, notFound, methodNotAllowed, unsupportedMediaType: our fault.
      return "RFA22";
  }
}

export function isBankIdMessageId(value: unknown): value is BankIdMessageId {
  return typeof value === "string" && (bankIdMessageIds as readonly string[]).includes(value);
}
