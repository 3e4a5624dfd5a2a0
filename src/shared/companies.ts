import { z } from "zod";
import { serviceTypes, type ServiceType } from "./service-types.ts";
import { costCentreName } from "./company-booking.ts";
import { printablePattern } from "./text.ts";
import { addDays, parseIsoDay } from "./time.ts";

// Companies (docs/companies.md, ADR 275–279): an approved business account (ADR 140) whose members
// book for it. One home for the roles, what each role may do, the company's policy and the rule
// that decides whether a booking waits for the company's own approval (ADR 276).

export {
  assignableCompanyRoles,
  companyPermissions,
  companyRoleMay,
  companyRoles,
  type CompanyPermission,
  type CompanyRole,
} from "./company-roles.ts";
import { assignableCompanyRoles, type CompanyRole } from "./company-roles.ts";

/** PUT /api/companies/:id/policy: the company's booking policy. */
export const companyPolicySchema = z
  .object({
    costCentres: z.array(costCentreName).max(100).default([]),
    requiresCostCentre: z.boolean().default(false),
    requiresReference: z.boolean().default(false),
    sharesAllBookings: z.boolean().default(false),
    approval: z
      .object({
        always: z.boolean().default(false),
        aboveCents: z.number().int().positive().nullable().default(null),
        serviceTypes: z.array(z.enum(serviceTypes)).default([]),
        outsideOfficeHours: z.boolean().default(false),
      })
      .strict(),
  })
  .strict();
export type CompanyPolicy = z.output<typeof companyPolicySchema>;

export const companyInvitationSchema = z
  .object({
    email: z.email("validation.emailInvalid").trim().toLowerCase().max(254, "validation.emailInvalid"),
    role: z.enum(assignableCompanyRoles),
  })
  .strict();
export const companyRoleChangeSchema = z.object({ role: z.enum(assignableCompanyRoles) }).strict();
export const companyDecisionSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(500, "validation.tooLong")
      .regex(/^[^\p{Cc}]*$/u, "validation.unsupportedCharacters")
      .optional(),
  })
  .strict();
export const companyDelegationSchema = z.object({ delegateUserId: z.string().min(1), untilDate: z.iso.date() }).strict();
export const companyPrincipalSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(2, "validation.tooLong")
      .max(100, "validation.tooLong")
      .regex(printablePattern, "validation.unsupportedCharacters"),
  })
  .strict();

export { companyBookingSchema, type CompanyBookingRequest } from "./company-booking.ts";

export const approvalReasons = ["always", "above_amount", "service", "outside_office_hours"] as const;
export type ApprovalReason = (typeof approvalReasons)[number];

/** docs/companies.md: office hours are 08:00–18:00 Stockholm time, Monday to Friday. */
export const officeHours = { from: "08:00", until: "18:00" } as const;

/**
 * ADR 276: the rules of the company that ask for its approval of this booking; none means the
 * booking goes to the firm at once. Amounts are the booking's total in cents as the buyer pays it.
 */
export function approvalReasonsFor(
  policy: CompanyPolicy["approval"],
  booking: {
    totalCents: number;
    serviceTypes: readonly ServiceType[];
    startDate: string;
    endDate: string;
    startClock: string | null;
    endClock: string | null;
  },
): ApprovalReason[] {
  const reasons: ApprovalReason[] = [];
  if (policy.always) reasons.push("always");
  if (policy.aboveCents !== null && booking.totalCents > policy.aboveCents) reasons.push("above_amount");
  if (booking.serviceTypes.some((type) => policy.serviceTypes.includes(type))) reasons.push("service");
  if (policy.outsideOfficeHours && outsideOfficeHours(booking)) reasons.push("outside_office_hours");
  return reasons;
}

/**
 * Whether a booking reaches outside office hours: a day of it on a weekend, no times given (the
 * service covers the whole day), or a start before or an end after office hours (Stockholm
 * wall-clock times, docs/product.md §12).
 */
export function outsideOfficeHours(booking: {
  startDate: string;
  endDate: string;
  startClock: string | null;
  endClock: string | null;
}): boolean {
  if (booking.startClock === null || booking.endClock === null) return true;
  if (booking.startClock < officeHours.from || booking.endClock > officeHours.until) return true;
  for (let day = booking.startDate; day <= booking.endDate; day = addDays(day, 1)) {
    const weekday = new Date(parseIsoDay(day) ?? 0).getUTCDay();
    if (weekday === 0 || weekday === 6) return true;
  }
  return false;
}

export type CompanyMemberView = { userId: string; name: string; email: string; role: CompanyRole; joinedAt: string };
export type CompanyInvitationView = { id: string; email: string; role: CompanyRole; createdAt: string; expiresAt: string };
export type CompanySummary = { id: string; name: string; role: CompanyRole };
export type CompanyView = CompanySummary & {
  /** The asking member's own user id (they are not offered as their own delegate). */
  memberId: string;
  policy: CompanyPolicy;
  members: CompanyMemberView[];
  invitations: CompanyInvitationView[];
  principals: { id: string; name: string }[];
  delegation: { delegateUserId: string; untilDate: string } | null;
};
export type IncomingInvitation = { id: string; companyName: string; role: CompanyRole; expiresAt: string };

export const companyBookingFilterSchema = z.object({
  booker: z.string().optional(),
  costCentre: z.string().optional(),
  principal: z.string().optional(),
  status: z.string().optional(),
});
export type CompanyBookingFilter = z.output<typeof companyBookingFilterSchema>;

export type CompanyBookingView = {
  id: string;
  reference: string;
  status: string;
  startDate: string;
  endDate: string;
  location: string;
  totalCents: number;
  bookerName: string;
  bookerUserId: string | null;
  costCentre: string | null;
  poReference: string | null;
  principal: string | null;
  approvalReasons: ApprovalReason[];
  declineReason: string | null;
  /** Whether the asking member may approve or decline it now. */
  canDecide: boolean;
};

/** Spend of one cost centre in one month (YYYY-MM), in cents as the company pays it. */
export type CompanySpendRow = { month: string; costCentre: string; bookings: number; totalCents: number };

/**
 * The policy as the company page's form holds it (cost centres one per line, the amount in euros
 * as typed), turned into the policy the API takes: one schema for the form and the request.
 */
export const companyPolicyFormSchema = z
  .object({
    costCentresText: z.string().max(4000, "validation.tooLong"),
    requiresCostCentre: z.boolean(),
    requiresReference: z.boolean(),
    sharesAllBookings: z.boolean(),
    always: z.boolean(),
    aboveEuros: z
      .string()
      .trim()
      .regex(/^(\d{1,7}([.,]\d{1,2})?)?$/, "validation.amount"),
    serviceTypes: z.array(z.enum(serviceTypes)),
    outsideOfficeHours: z.boolean(),
  })
  .transform((form): z.input<typeof companyPolicySchema> => ({
    costCentres: form.costCentresText
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean),
    requiresCostCentre: form.requiresCostCentre,
    requiresReference: form.requiresReference,
    sharesAllBookings: form.sharesAllBookings,
    approval: {
      always: form.always,
      aboveCents: form.aboveEuros === "" ? null : Math.round(Number(form.aboveEuros.replace(",", ".")) * 100) || null,
      serviceTypes: form.serviceTypes,
      outsideOfficeHours: form.outsideOfficeHours,
    },
  }))
  .pipe(companyPolicySchema);

export function policyFormValues(policy: CompanyPolicy): z.input<typeof companyPolicyFormSchema> {
  return {
    costCentresText: policy.costCentres.join("\n"),
    requiresCostCentre: policy.requiresCostCentre,
    requiresReference: policy.requiresReference,
    sharesAllBookings: policy.sharesAllBookings,
    always: policy.approval.always,
    aboveEuros: policy.approval.aboveCents === null ? "" : String(policy.approval.aboveCents / 100),
    serviceTypes: policy.approval.serviceTypes,
    outsideOfficeHours: policy.approval.outsideOfficeHours,
  };
}
