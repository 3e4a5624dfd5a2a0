import { z } from "zod";

// On duty (docs/on-duty.md): alarms raised during a booking's active window, their acknowledgement,
// escalation and outcome (ADR 285, 286); the lead's check-ins with a duress PIN (ADR 287); the
// principal's personal link (ADR 288). One schema per concept (ADR 027).

/** Who raised an alarm: the booking's customer, the principal through the personal link, an assigned operative, or the system (a missed check-in). */
export const alarmRaisers = ["customer", "principal", "operative", "system"] as const;
export type AlarmRaiser = (typeof alarmRaisers)[number];

/** What raised it: the SOS control, a duress PIN at a check-in (silent), or a check-in missed beyond its grace. */
export const alarmKinds = ["sos", "duress", "missed_check_in", "missed_checkpoint"] as const;
export type AlarmKind = (typeof alarmKinds)[number];

export const alarmStates = ["open", "acknowledged", "resolved"] as const;
export type AlarmState = (typeof alarmStates)[number];

export const alarmOutcomes = ["false_alarm", "handled_by_team", "police_called", "medical_help", "other"] as const;
export type AlarmOutcome = (typeof alarmOutcomes)[number];

/** The device's position when the browser was allowed to read it (navigator.geolocation, ADR 021). */
export const devicePositionSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).optional(),
});
export type DevicePosition = z.infer<typeof devicePositionSchema>;

/** POST …/alarms: the position is optional (refused or unavailable). */
export const raiseAlarmSchema = z.object({ position: devicePositionSchema.nullish() });
export type RaiseAlarmInput = z.input<typeof raiseAlarmSchema>;

/** A check-in PIN: four to eight digits. The duress PIN looks like any other at the phone (ADR 287). */
export const checkInPinSchema = z.string().regex(/^\d{4,8}$/, "Enter 4 to 8 digits");

export const checkInSchema = z.object({ pin: checkInPinSchema, position: devicePositionSchema.nullish() });
export type CheckInInput = z.input<typeof checkInSchema>;

/** The operative's two PINs, chosen once in the area; they must differ. */
export const checkInPinsSchema = z
  .object({ pin: checkInPinSchema, duressPin: checkInPinSchema })
  .refine((value) => value.pin !== value.duressPin, { path: ["duressPin"], message: "The duress PIN must differ from the check-in PIN" });
export type CheckInPinsInput = z.input<typeof checkInPinsSchema>;

/** Staff set a booking's check-in plan for its lead: the interval and the grace after a due check-in. */
export const checkInPlanSchema = z.object({
  intervalMinutes: z.number().int().min(10).max(720),
  graceMinutes: z.number().int().min(1).max(60),
});
export type CheckInPlanInput = z.input<typeof checkInPlanSchema>;

export const acknowledgeAlarmSchema = z.object({}).strict();

export const resolveAlarmSchema = z.object({
  outcome: z.enum(alarmOutcomes),
  note: z.string().trim().min(1).max(2000),
  share: z.boolean().default(false),
});
export type ResolveAlarmInput = z.input<typeof resolveAlarmSchema>;

/** The on-call list, in order: at least three staff members (ADR 286). */
export const onCallListSchema = z.object({
  userIds: z
    .array(z.string().min(1))
    .min(3)
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, "Each person once"),
});
export type OnCallListInput = z.input<typeof onCallListSchema>;

/** What the person who raised an alarm (and the customer) sees of it. */
export type AlarmStatusView = {
  id: string;
  kind: AlarmKind;
  state: AlarmState;
  raisedAt: string;
  /** "received by <first name> at <time>" (docs/on-duty.md). */
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
  resolvedAt: string | null;
  /** Only once staff shared the outcome. */
  outcome: AlarmOutcome | null;
  note: string | null;
};

/** A booking's safety panel: whether the SOS control is open now (the active window) and its alarms. */
export type BookingSafetyView = {
  bookingId: string;
  /** Between "on the way" and "completed" (ADR 285). */
  active: boolean;
  alarms: AlarmStatusView[];
};

export type EscalationStepView = { level: number; recipients: string[]; at: string };

/** The console's view of an alarm (banner, alarm page, live board). */
export type ConsoleAlarm = {
  id: string;
  bookingId: string;
  bookingReference: string;
  kind: AlarmKind;
  state: AlarmState;
  raisedBy: AlarmRaiser;
  raisedByName: string;
  raisedAt: string;
  location: string;
  position: (DevicePosition & { at: string }) | null;
  lastCheckInAt: string | null;
  team: { firstName: string; phone: string | null; lead: boolean }[];
  customerName: string;
  acknowledgedBy: string | null;
  acknowledgedAt: string | null;
  resolvedAt: string | null;
  outcome: AlarmOutcome | null;
  note: string | null;
  shared: boolean;
  escalations: EscalationStepView[];
};

/** The lead's check-in state on the brief. */
export type CheckInView = {
  planned: boolean;
  intervalMinutes: number | null;
  graceMinutes: number | null;
  pinsSet: boolean;
  lastCheckInAt: string | null;
  nextDueAt: string | null;
};

/** The principal's personal page (no account): the booking's window and their alarms. */
export type PrincipalLinkView = {
  codename: string | null;
  active: boolean;
  validFrom: string | null;
  validUntil: string | null;
  alarms: AlarmStatusView[];
};

export type OnCallMember = { userId: string; name: string; email: string; position: number };
export type StaffMember = { userId: string; name: string; email: string };

/** The live event types of this area (ADR 092). */
export const alarmEventTypes = { raised: "alarm.raised", acknowledged: "alarm.acknowledged", resolved: "alarm.resolved" } as const;

/** One active engagement on the staff's live board (docs/on-duty.md, "Live board"). */
export type LiveEngagement = {
  bookingId: string;
  bookingReference: string;
  location: string;
  status: string;
  onTheWayAt: string | null;
  onDutyAt: string | null;
  team: { firstName: string; lead: boolean; phone: string | null }[];
  lastCheckInAt: string | null;
  nextCheckInDueAt: string | null;
  openAlarms: number;
  positions: { firstName: string; latitude: number; longitude: number; accuracy: number | null; at: string }[];
};

export type LiveBoard = { engagements: LiveEngagement[]; tilesUrl: string | null };

/** Staff define a site's checkpoints in their order (docs/on-duty.md, "Guard tours"). */
export const tourSiteSchema = z.object({
  name: z.string().trim().min(1).max(120),
  checkpoints: z
    .array(z.object({ name: z.string().trim().min(1).max(120), intervalMinutes: z.number().int().min(5).max(1440) }))
    .min(1)
    .max(50),
});
export type TourSiteInput = z.input<typeof tourSiteSchema>;

export const bookingTourSchema = z.object({ siteId: z.uuid() });

/** A scan: the code read by the camera or typed, the device's own time, and the position if allowed. */
export const tourScanSchema = z.object({
  code: z.string().trim().min(1).max(100),
  deviceTime: z.iso.datetime({ offset: true }).nullish(),
  position: devicePositionSchema.nullish(),
});
export type TourScanInput = z.input<typeof tourScanSchema>;

export type TourSiteView = {
  id: string;
  name: string;
  checkpoints: { id: string; name: string; position: number; intervalMinutes: number }[];
};

/** A booking's tour as its report shows it: each checkpoint with its scans and when it is due next. */
export type TourReport = {
  siteName: string;
  shared: boolean;
  checkpoints: {
    id: string;
    name: string;
    position: number;
    intervalMinutes: number;
    nextDueAt: string | null;
    scans: { operative: string; deviceTime: string | null; serverTime: string }[];
  }[];
};
