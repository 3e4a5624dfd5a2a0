import { describe, expect, it } from "vitest";
import { approvalReasonsFor, companyPolicyFormSchema, companyRoleMay, outsideOfficeHours, policyFormValues } from "./companies.ts";

// docs/companies.md "The booking policy": the rules that hold a booking for the company's approval
// (ADR 276), the office hours, the role table (ADR 277) and the policy form's round trip.

const weekdayBooking = { startDate: "2026-12-01", endDate: "2026-12-02", startClock: "09:00", endClock: "17:00" };
const noRules = { always: false, aboveCents: null, serviceTypes: [], outsideOfficeHours: false };

describe("the company's approval rules", () => {
  it("asks nothing when no rule applies, and names every rule that does", () => {
    const booking = { ...weekdayBooking, totalCents: 150_000, serviceTypes: ["vip_driver" as const] };
    expect(approvalReasonsFor(noRules, booking)).toEqual([]);
    expect(approvalReasonsFor({ ...noRules, aboveCents: 150_000 }, booking)).toEqual([]);
    expect(approvalReasonsFor({ ...noRules, aboveCents: 149_999 }, booking)).toEqual(["above_amount"]);
    expect(
      approvalReasonsFor(
        { always: true, aboveCents: 100, serviceTypes: ["vip_driver"], outsideOfficeHours: true },
        { ...booking, startClock: "07:30" },
      ),
    ).toEqual(["always", "above_amount", "service", "outside_office_hours"]);
  });

  it("reads office hours as 08:00–18:00 on weekdays; whole days and weekends are outside", () => {
    expect(outsideOfficeHours(weekdayBooking)).toBe(false);
    expect(outsideOfficeHours({ ...weekdayBooking, startClock: "08:00", endClock: "18:00" })).toBe(false);
    expect(outsideOfficeHours({ ...weekdayBooking, endClock: "18:30" })).toBe(true);
    expect(outsideOfficeHours({ ...weekdayBooking, startClock: null, endClock: null })).toBe(true);
    // 2026-12-05 is a Saturday.
    expect(outsideOfficeHours({ ...weekdayBooking, startDate: "2026-12-04", endDate: "2026-12-05" })).toBe(true);
  });
});

describe("company roles", () => {
  it("lets only owners and administrators manage, and never a booker approve", () => {
    expect(companyRoleMay("administrator", "manageMembers")).toBe(true);
    expect(companyRoleMay("approver", "manageMembers")).toBe(false);
    expect(companyRoleMay("booker", "approve")).toBe(false);
    expect(companyRoleMay("booker", "book")).toBe(true);
    expect(companyRoleMay("approver", "seeInvoices")).toBe(false);
  });
});

describe("the policy form", () => {
  it("turns lines and euros into the policy, and back", () => {
    const policy = companyPolicyFormSchema.parse({
      costCentresText: " Board \n\nSales\n",
      requiresCostCentre: true,
      requiresReference: false,
      sharesAllBookings: false,
      always: false,
      aboveEuros: "1500,50",
      serviceTypes: ["vip_outdoor"],
      outsideOfficeHours: true,
    });
    expect(policy).toEqual({
      costCentres: ["Board", "Sales"],
      requiresCostCentre: true,
      requiresReference: false,
      sharesAllBookings: false,
      approval: { always: false, aboveCents: 150_050, serviceTypes: ["vip_outdoor"], outsideOfficeHours: true },
    });
    expect(companyPolicyFormSchema.parse(policyFormValues(policy))).toEqual(policy);
    expect(companyPolicyFormSchema.safeParse({ ...policyFormValues(policy), aboveEuros: "12abc" }).success).toBe(false);
  });
});
