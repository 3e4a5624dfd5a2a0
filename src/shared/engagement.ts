import type { ServiceOptions } from "./booking.ts";
import type { TimeOfDay } from "./booking-options.ts";
import { addDays } from "./time.ts";
import { instantInZone } from "./time.ts";

// docs/product.md §12 Engagement, ADR 180: when and where a booking starts and ends, in the
// operator's time zone (Europe/Stockholm, ADR 050). Free of zod, so the booking page can check the
// times against the chosen services as the customer types, with the very rule the shared schema
// (src/shared/booking.ts) applies on the server.

/** 'HH:MM', 24-hour clock, Stockholm wall-clock time. */
export const clockTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes after midnight of an 'HH:MM' text. */
export function minutesOfClock(value: string): number {
  const [hours = 0, minutes = 0] = value.split(":").map(Number);
  return hours * 60 + minutes;
}

/**
 * ADR 180: the daily window runs from the start time to the end time; an end at or before the start
 * is on the next morning (a night watch from 20:00 to 06:00; equal times are a full 24 hours).
 */
export function dailyWindowMinutes(startTime: string, endTime: string): number {
  const length = minutesOfClock(endTime) - minutesOfClock(startTime);
  return length > 0 ? length : length + 24 * 60;
}

/** Whether the last day's end falls on the morning after the last booked day. */
export function endsNextMorning(startTime: string, endTime: string): boolean {
  return minutesOfClock(endTime) <= minutesOfClock(startTime);
}

/**
 * docs/product.md §12: the real start and end of a booking with the customer's times: the start time
 * on the first day and the end time on the last day, or on the morning after it when the window
 * crosses midnight (4 Dec – 5 Dec, 19:00–06:00 ends on 6 Dec 06:00). Null without times.
 */
export function servicePeriod(
  startDate: string,
  endDate: string,
  startTime: string | null | undefined,
  endTime: string | null | undefined,
): { start: Date; end: Date } | null {
  if (!startTime || !endTime || !clockTimePattern.test(startTime) || !clockTimePattern.test(endTime)) return null;
  const lastDay = endsNextMorning(startTime, endTime) ? addDays(endDate, 1) : endDate;
  return { start: instantInZone(startDate, minutesOfClock(startTime)), end: instantInZone(lastDay, minutesOfClock(endTime)) };
}

/**
 * ADR 180, docs/product.md §12: the hours of the day each time-of-day band covers, as minutes after
 * midnight; a band crossing midnight ends on the next morning. Day & Night covers the whole day.
 */
export const bandHours: Record<TimeOfDay, { from: number; until: number } | null> = {
  day: { from: 6 * 60, until: 22 * 60 },
  night: { from: 18 * 60, until: 32 * 60 },
  day_night: null,
};

/** The hours a duration option names ("12h" → 12), or null for a label that names none. */
export function hoursOfDuration(duration: string): number | null {
  const match = /^(\d{1,2})h$/.exec(duration);
  return match ? Number(match[1]) : null;
}

/** Why the times disagree with the services' pricing inputs: translation keys of the booking namespace. */
export type EngagementTimesProblem = "validation.timesOutsideBand" | "validation.timesLongerThanHours";

/**
 * ADR 180: the pricing inputs stay the time-of-day band and the hours per day; the times the
 * customer chose must fit them. Every service line with a band needs the daily window inside that
 * band; every line with hours per day needs the window to last no longer than those hours (a
 * shorter one is allowed: the team is booked for the hours paid).
 */
export function engagementTimesProblem(
  startTime: string,
  endTime: string,
  services: readonly { options: Pick<ServiceOptions, "timeOfDay" | "duration"> }[],
): EngagementTimesProblem | null {
  if (!clockTimePattern.test(startTime) || !clockTimePattern.test(endTime)) return null;
  const start = minutesOfClock(startTime);
  const length = dailyWindowMinutes(startTime, endTime);
  for (const { options } of services) {
    const band = options.timeOfDay ? bandHours[options.timeOfDay] : null;
    if (band) {
      // A window starting after midnight inside a night band is read on the band's own clock (01:00 = 25:00).
      const from = band.until > 24 * 60 && start < band.from && start + 24 * 60 < band.until ? start + 24 * 60 : start;
      if (from < band.from || from + length > band.until) return "validation.timesOutsideBand";
    }
    const hours = options.duration ? hoursOfDuration(options.duration) : null;
    if (hours !== null && length > hours * 60) return "validation.timesLongerThanHours";
  }
  return null;
}

/** The principal as the one reading it may see it (ADR 181); the real name only where the access policy allows. */
export type PrincipalView = {
  /** The real name: the owner, operators and the booking's assigned operatives only; null for everyone else. */
  name: string | null;
  codename: string | null;
  phone: string;
  /** Whether the team may call the principal directly instead of going through the customer. */
  directContact: boolean;
};

/** What a booking carries beyond its days (docs/product.md §12): null where the customer gave none. */
export type EngagementView = {
  startTime: string | null;
  endTime: string | null;
  meetingPoint: string | null;
  /** Null when the booking is for the customer. */
  principal: PrincipalView | null;
};

/** The label that may appear where the real name may not (queue, mails, calendar): the codename or nothing. */
export function principalLabel(principal: Pick<PrincipalView, "codename"> | null): string | null {
  return principal?.codename ?? null;
}
