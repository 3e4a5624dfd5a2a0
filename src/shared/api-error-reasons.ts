// ADR 211: the specific reasons behind the API's error codes, written once. The server throws with
// a reason (HttpError.because), answers its English below as the message (API clients, logs) and
// names the reason in the body. The web client shows an English visitor that message, and a Swedish
// one the reason's Swedish (src/web/lib/locales/api-error-reasons-sv.ts, which must have exactly
// these keys, ADR 203), so the English is not shipped to the browser a second time. `{{name}}` is a
// value the answer carries beside the reason. A refusal that only an API client can meet (a header,
// a signature, a page cursor) keeps a plain message and names no reason.

export const apiErrorReasons = {
  // Things that do not exist (404), or that the visitor may not see
  noSuchBooking: "There is no such booking.",
  noSuchAssignment: "There is no such assignment.",
  noSuchIncident: "There is no such incident.",
  noSuchIncidentReport: "There is no such incident report.",
  noSuchAlarm: "There is no such alarm.",
  noSuchOperative: "There is no such operative.",
  noSuchUser: "There is no such user.",
  noSuchDocument: "There is no such document.",
  noSuchIdentificationDocument: "There is no such identification document.",
  documentFileNotKept: "The file of this document is no longer kept.",
  noSuchService: "There is no such service.",
  noSuchBusinessAccount: "There is no such business account.",
  noSuchCompany: "There is no such company.",
  noSuchInvitation: "There is no such invitation.",
  noSuchMember: "There is no such member of this company.",
  noSuchPayment: "There is no such payment.",
  noSuchPaymentMethod: "There is no such payment method.",
  noSuchEmergencyContact: "There is no such emergency contact.",
  noSuchVersion: "There is no such version.",
  noSuchRequest: "There is no such request.",
  operativeNotAssigned: "This operative is not assigned to this booking.",
  emailNotOnProfile: "This e-mail address is not on your profile.",
  noProfilePicture: "There is no profile picture to show.",
  profileNotLoaded: "Failed to load profile data",

  // Sign-up, sign-in and codes (docs/product.md §8)
  accountExistsSignIn: "An account with this email already exists. Please sign in instead.",
  newCodeOncePerMinute: "You can request a new code once per minute.",
  signUpCodeExpired: "Verification code has expired. Please try signing up again.",
  tooManyIncorrectCodes: "Too many incorrect codes. Please request a new verification code.",
  tooManyCodesForEmail: "Too many verification codes were requested for this email. Please try again later.",
  tooManyCodesRequested: "Too many verification codes were requested. Please try again later.",
  resetLinkExpired: "Failed to reset password. The reset link may have expired. Please request a new password reset link.",
  // Account security (docs/product.md §2)
  tooManyIncorrectPasswords: "Too many incorrect passwords. Please try again later.",
  tooManyAuthenticatorCodesSignInAgain: "Too many incorrect codes. Please sign in again.",
  authenticatorLocked: "Too many incorrect codes. Please try again in 15 minutes.",

  // Profile (docs/product.md §2)
  alreadySignInAddress: "This is already your sign-in e-mail address.",
  emailAlreadyOnProfile: "This e-mail address is already on your profile.",
  tooManyAdditionalEmails: "You can add up to {{limit}} e-mail addresses.",
  emailAlreadyVerified: "This e-mail address is already verified.",
  unsupportedPicture: "Please choose a JPEG, PNG or WebP picture.",
  pictureTooLarge: "The picture is larger than 5 MB. Please choose a smaller one.",
  identificationDocumentImage: "Please upload a photo or scan of the document as a JPEG, PNG or WebP image.",
  emergencyContactLimit: "You can keep at most {{limit}} emergency contacts.",
  cardLimit: "You can save at most {{limit}} cards. Please delete one first.",
  enterCardInCardField: "Please enter the card in the card field of this page.",
  tooManyCardsAdded: "Too many cards were added in a short time. Please try again later.",
  tooManyUploads: "Too many uploads in a short time. Please try again later.",

  // Bookings (docs/product.md §4, §9)
  tooManyBookings: "Too many bookings were submitted. Please wait a while and try again.",
  tooManyDataExports: "You can download your data ten times an hour. Please try again later.",
  bookingStartedWithOtherCard: "This booking was started with another card or total. Please start the payment again.",
  ratingAfterCompletion: "A booking can be rated once it is completed.",
  bookingAlreadyRated: "This booking is already rated.",
  bookingStartedCannotCancel: "This booking has already started or taken place, so it can no longer be cancelled.",
  bookingAlreadyCancelled: "This booking is already cancelled.",
  bookingIsInStatus: "This booking is {{status}}.",
  bookingMayNotBeChanged: "You may not change this booking.",
  // Changes of a booking (ADR 187, 188)
  bookingStartedCannotChange: "This booking has already started, so it can no longer be changed.",
  bookingStatusCannotChange: "This booking is {{status}}; it can no longer be changed.",
  versionNotWaiting: "This version is no longer waiting for an answer.",
  proposalSameAsBooking: "The proposal is the same as the booking. Change the dates, times, services or price.",
  earlierRequestWaiting: "Your earlier request is still waiting for an answer.",
  requestAlreadyAnswered: "This request was already answered.",
  // Money after the booking (docs/payments.md)
  noNewTotalWaiting: "There is no new total waiting for your approval.",
  nothingLeftToRefund: "Nothing is left to refund on this booking.",
  noPaymentNeeded: "This booking is not waiting for a payment.",
  paymentDeadlinePassed: "The time to pay for this booking has passed. Please contact us.",
  refundAtMost: "At most {{amount}} can be refunded.",
  // The booking's thread (docs/product.md §4)
  threadClosedAccountDeleted: "The customer has deleted their account; this thread is closed.",

  // Operatives (ADR 163)
  assignmentAlreadyAnswered: "This assignment is already {{state}}.",
  answerTimePassed: "The time to answer this assignment has passed; please call the operator.",
  assignmentAnsweredMeanwhile: "This assignment was answered meanwhile.",
  leadMarksServiceStatus: "Only the lead operative marks the status of the service.",
  serviceAlreadyMarked: "The service is already marked {{step}}.",
  markOnTheWayFirst: "Mark “on the way” first.",
  markOnDutyFirst: "Mark “on duty” first.",
  leadFilesIncidents: "Only the lead operative files incident reports.",
  incidentsDuringOrAfterService: "Incidents are reported during or after the service.",
  // ADR 218: the booking's times, Stockholm time (YYYY-MM-DD HH:MM).
  onTheWayFrom: "“On the way” can be marked from {{time}} (Stockholm time), {{early}} before the start.",
  onDutyFrom: "“On duty” can be marked from {{time}} (Stockholm time), {{early}} before the start.",
  completedFrom: "“Completed” can be marked once the service has started, from {{time}} (Stockholm time).",
  incidentsFrom: "Incidents are reported during or after the service: from {{time}} (Stockholm time).",
  // On duty (docs/on-duty.md)
  outsideActiveWindow: "This is possible only while the team is on the way or on duty.",
  alarmAlreadyAcknowledged: "Another operator has already acknowledged this alarm.",
  alarmAlreadyResolved: "This alarm is already resolved.",
  checkInPinsMissing: "Choose your check-in PIN and duress PIN first.",
  checkInPinWrong: "That PIN is not right. Try again.",
  noCheckInPlan: "The operator has not set check-ins for this booking.",
  notACheckpointOfThisTour: "This is not a checkpoint of this tour.",
  principalLinkNotValid: "This link is not valid now. Ask the person who sent it for a new one.",
  incidentInFuture: "The incident cannot be in the future.",

  // Operator console (ADR 070)
  bookingCannotMoveTo: "This booking is {{status}}; it cannot be {{target}}.",
  assignOnlyPendingOrConfirmed: "This booking is {{status}}; operatives can only be assigned to pending or confirmed bookings.",
  reportAlreadyShared: "This report is already shared with the customer.",
  documentAlreadyReviewed: "This document is already {{status}}.",
  serviceSlugTaken: "Another service has this slug.",
  ownRoleUnchangeable: "You cannot change your own role.",
  operativeNotActive: "{{name}} is not active.",
  operativeHasOtherAccount: "{{name}} already has an account under another e-mail address.",

  // Invoices and business accounts (docs/payments.md)
  invoicePaymentNeedsApproval: "Invoice payment is available to business accounts our team has approved.",
  companyRoleNotAllowed: "Your role in this company does not allow this.",
  companyPaysByInvoice: "A booking for the company is paid the company's way: by invoice.",
  costCentreRequired: "Choose one of the company's cost centres.",
  referenceRequired: "The company asks for a reference or PO number.",
  ownerStaysOwner: "The company's owner cannot be changed or removed here.",
  alreadyMember: "This person is already a member of the company.",
  invoicePaymentWhilePending: "Invoice payment can be chosen only while the booking awaits confirmation.",
  alreadyPaidByCard: "This booking is already being paid by card.",
  cardPaymentWhilePending: "The way of paying can be changed only until the booking is confirmed.",
  notBgMaxFile: "This is not a valid BgMax file. {{detail}}",
  bgMaxWrongCurrency: "The file holds payments in {{currency}}; invoices are in EUR. Nothing was imported.",
  bgMaxImportedBefore: "This file was imported before; its payments are already recorded.",
  chooseBgMaxFile: "Choose the BgMax file from your bank.",
  paymentNeedsNothing: "This payment needs nothing more.",
  periodFirstAfterLast: "The period's first day must not be after its last.",
  creditAboveCharged: "A credit note cannot credit more than the booking was charged.",
  // docs/invoices.md "Credit notes" (ADR 216): no credit note without money.
  creditNoteByRefund: "This booking was paid by card: refund the amount instead, and its credit note is issued with the refund.",
  nothingToCredit: "Nothing was charged or invoiced on this booking, so there is nothing to credit.",
  // Recurring series (docs/series.md, ADR 281)
  seriesNothingToChange: "No occurrence of the series is left to change there.",
  seriesChangeAltersPrice: "This change alters the price of an occurrence. Please ask us for it in the booking's messages.",
  seriesCardNeedsBankCheck: "Your bank asks to check this card for each payment. Please choose another card for a series.",
} as const;

export type ApiErrorReason = keyof typeof apiErrorReasons;

/** The `{{name}}` placeholders of a text. */
type Placeholders<Text extends string> = Text extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The values a reason's text needs, by placeholder; `never` when it needs none. */
export type ReasonValues<Reason extends ApiErrorReason> = [Placeholders<(typeof apiErrorReasons)[Reason]>] extends [never]
  ? never
  : Record<Placeholders<(typeof apiErrorReasons)[Reason]>, string | number>;

/** The reasons whose wording needs no values. */
export type ReasonWithoutValues = { [Reason in ApiErrorReason]: [ReasonValues<Reason>] extends [never] ? Reason : never }[ApiErrorReason];

/** The reason's English with its values filled in: the `message` of the answer. */
export function reasonInEnglish(reason: ApiErrorReason, values?: Record<string, string | number>): string {
  return apiErrorReasons[reason].replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => String(values?.[name] ?? placeholder));
}
