import { execFileSync } from "node:child_process";

// ADR 283: a series' calendar entry read the way a standard calendar reads it, by Python's
// icalendar (Debian's python3-icalendar, as the booking's entry is read, ADR 182) and dateutil's
// RFC 5545 rule expansion: the master's RRULE from its DTSTART in its zone, minus its EXDATEs,
// with each RECURRENCE-ID replaced by its overriding VEVENT.

export type ExpandedCalendar = {
  method: string;
  uid: string;
  sequence: number;
  /** Every occurrence that stands, in order, as UTC ISO instants, with the RECURRENCE-ID of a changed one. */
  occurrences: { start: string; end: string; recurrenceId: string | null }[];
};

const script = String.raw`
import sys, json
from datetime import timezone
from zoneinfo import ZoneInfo
from icalendar import Calendar
from dateutil.rrule import rrulestr

cal = Calendar.from_ical(sys.stdin.read())
events = [c for c in cal.walk('VEVENT')]
master = [e for e in events if e.get('RECURRENCE-ID') is None][0]
def zoned(prop):
    value = prop.dt
    zone = ZoneInfo(prop.params.get('TZID', 'UTC'))
    return value.replace(tzinfo=None).replace(tzinfo=zone)
def utc(value):
    return value.astimezone(timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')
start = zoned(master.get('DTSTART'))
length = zoned(master.get('DTEND')) - start
rule = rrulestr(master.get('RRULE').to_ical().decode(), dtstart=start)
excluded = set()
exdates = master.get('EXDATE')
if exdates is not None:
    for group in (exdates if isinstance(exdates, list) else [exdates]):
        for item in group.dts:
            excluded.add(utc(item.dt.replace(tzinfo=None).replace(tzinfo=ZoneInfo(group.params.get('TZID', 'UTC')))))
overrides = {}
for e in events:
    rid = e.get('RECURRENCE-ID')
    if rid is not None:
        overrides[utc(zoned(rid))] = (zoned(e.get('DTSTART')), zoned(e.get('DTEND')))
occurrences = []
for when in rule:
    key = utc(when)
    if key in excluded:
        continue
    if key in overrides:
        s, f = overrides[key]
        occurrences.append({'start': utc(s), 'end': utc(f), 'recurrenceId': key})
    else:
        occurrences.append({'start': key, 'end': utc(when + length), 'recurrenceId': None})
occurrences.sort(key=lambda o: o['start'])
print(json.dumps({'method': str(cal.get('METHOD')), 'uid': str(master.get('UID')), 'sequence': int(master.get('SEQUENCE')), 'occurrences': occurrences}))
`;

export function expandCalendar(ics: string): ExpandedCalendar {
  return JSON.parse(execFileSync("/usr/bin/python3", ["-c", script], { input: ics, encoding: "utf8" })) as ExpandedCalendar;
}
