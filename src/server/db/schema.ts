import type { Language } from "../../shared/languages.ts";
import type { ServiceType } from "../../shared/service-types.ts";
import type { AccountTables } from "./tables/accounts.ts";
import type { BookingChangeTables } from "./tables/booking-changes.ts";
import type { BookingCalendarColumns, BookingPlaceColumns, BookingTables } from "./tables/bookings.ts";
import type { DashboardTables } from "./tables/dashboard.ts";
import type { BookingLifecycleColumns, LifecycleTables } from "./tables/lifecycle.ts";
import type { InvoiceTables } from "./tables/invoices.ts";
import type { CompanyTables } from "./tables/companies.ts";
import type { JobTables } from "./tables/jobs.ts";
import type { MessageTables } from "./tables/messages.ts";
import type { OnDutyTables } from "./tables/on-duty.ts";
import type { BookingNotificationColumns, NotificationTables } from "./tables/notifications.ts";
import type { BookingOperatorColumns, OperatorTables } from "./tables/operator.ts";
import type { BookingPaymentColumns, PaymentTables } from "./tables/payments.ts";
import type { SeriesTables } from "./tables/series.ts";

// Row types of our own tables. Columns holding JSON are stored as text on both engines and
// parsed in the feature's repo; money is integer euro cents; times are UTC ISO-8601 text.

export type { ServiceType } from "../../shared/service-types.ts";

/** docs/product.md §3 services. */
export type ServicesTable = {
  id: string;
  slug: string;
  title: string;
  description: string;
  type: ServiceType;
  base_price_cents: number;
  original_price_cents: number | null;
  price_unit: string;
  guard_multiplier: number;
  min_guards: number;
  max_guards: number;
  /** JSON: { "6h": 0.5, … } */
  duration_options: string;
  /** JSON: ["Casual", "Formal"] */
  style_options: string;
  /** JSON: { "with_car": 1.5, "without_car": 1 } or null when the service has no car option */
  car_options: string | null;
  /** JSON: { "S-class": 1.5, "V-class": 1.3 } */
  car_prices: string | null;
  /** JSON: { "day": 1, "night": 1.2, "day_night": 2 } or null */
  time_of_day_prices: string | null;
  sort_order: number;
};

/** The catalogue's texts in the site's other languages (ADR 003); English stays in `services`. */
export type ServiceTranslationsTable = {
  service_id: string;
  language: Language;
  title: string;
  description: string;
};

/** docs/product.md §3 app_config: key/value settings such as the optional maps token. */
export type AppConfigTable = {
  key: string;
  value: string;
};

/** Interest in the affiliate/ambassador programme (docs/product.md §1 footer). */
export type AffiliateApplicationsTable = {
  id: string;
  full_name: string;
  email: string;
  audience: string;
  message: string;
  language: string;
  created_at: string;
};

export type DatabaseSchema = AccountTables &
  BookingTables &
  DashboardTables &
  JobTables &
  InvoiceTables &
  CompanyTables &
  OperatorTables &
  PaymentTables &
  MessageTables &
  OnDutyTables &
  NotificationTables &
  LifecycleTables &
  SeriesTables &
  BookingChangeTables & {
    // Migrations 0012, 0013, 0016 and 0017 add the operator's, the lifecycle's and the place's columns to bookings (the types merge).
    bookings: BookingOperatorColumns &
      BookingLifecycleColumns &
      BookingPlaceColumns &
      BookingPaymentColumns &
      BookingCalendarColumns &
      BookingNotificationColumns;
    services: ServicesTable;
    service_translations: ServiceTranslationsTable;
    app_config: AppConfigTable;
    affiliate_applications: AffiliateApplicationsTable;
  };
