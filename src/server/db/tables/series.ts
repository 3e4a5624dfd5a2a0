import type { Generated } from "kysely";
import type { Language } from "../../../shared/languages.ts";

// Row types of migration 0055 (recurring engagements, docs/series.md, ADR 280).

export type BookingSeriesTable = {
  id: string;
  user_id: string | null;
  language: Language;
  location: string;
  /** JSON: SeriesRule of src/shared/series.ts. */
  rule: string;
  /** The days each occurrence covers from its day. */
  days: number;
  /** Stockholm 'HH:MM' (ADR 180). */
  start_clock: string;
  end_clock: string;
  /** JSON: the occurrences' request (SeriesRequest of src/shared/series-schema.ts). */
  request: string;
  /** ADR 283: the SEQUENCE of the series' one calendar entry. */
  calendar_sequence: Generated<number>;
  confirmed_at: string | null;
  created_at: string;
};

export type BookingSeriesOccurrencesTable = {
  series_id: string;
  /** The day the rule gave it ('YYYY-MM-DD'): the calendar's RECURRENCE-ID. */
  occurrence_day: string;
  day: string;
  start_clock: string;
  end_clock: string;
  /** 1 once taken out of the series (an EXDATE). */
  cancelled: Generated<number>;
  booking_id: string | null;
};

export type SeriesTables = { booking_series: BookingSeriesTable; booking_series_occurrences: BookingSeriesOccurrencesTable };
