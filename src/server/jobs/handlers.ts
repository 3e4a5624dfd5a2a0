import type { AppDependencies } from "../context.ts";
import { createDocumentJobHandlers, documentForMail } from "../features/invoices/jobs.ts";
import { createSeriesJobHandlers, seriesForMail } from "../features/series/jobs.ts";
import type { MailSources } from "../mail/registry.ts";
import { createMailHandler } from "../mail/worker.ts";
import { createPaymentJobHandlers } from "../payments/payment-jobs.ts";
import { createAssignmentJobHandlers } from "./assignment-jobs.ts";
import { createBookingJobHandlers } from "./booking-jobs.ts";
import type { JobKind } from "./kinds.ts";
import { createSweepHandlers } from "./sweeps.ts";
import { createThreadJobHandlers } from "./thread-jobs.ts";
import { createOnDutyJobHandlers } from "../features/on-duty/jobs.ts";
import type { JobHandler, JobWorkerOptions, JobWorkerSettings } from "./types.ts";

// The map of job handlers, one entry per kind of jobs/kinds.ts (ADR 095, 236): the composition root
// of the jobs. A kind without a handler here is a type error, and no handler imports the runner.

export function createJobHandlers(
  deps: AppDependencies,
  settings: JobWorkerSettings,
  options: Pick<JobWorkerOptions, "sources" | "bookingLifecycle" | "payments">,
): Record<JobKind, JobHandler> {
  const { clock } = settings;
  // docs/invoices.md: a document's mail reads the document and its PDF, whoever started the worker.
  const sources: MailSources = options.sources
    ? {
        document: (documentId: string) => documentForMail(deps, documentId),
        series: (id: string) => seriesForMail(deps, id),
        ...options.sources,
      }
    : {
        booking: () => Promise.reject(new Error("The job worker was started without a booking source")),
        document: (documentId: string) => documentForMail(deps, documentId),
        series: (id: string) => seriesForMail(deps, id),
      };
  return {
    mail: createMailHandler(deps, settings, sources),
    ...createBookingJobHandlers(deps, { clock, bookingLifecycle: options.bookingLifecycle }),
    ...createSweepHandlers(deps, clock),
    ...createDocumentJobHandlers(deps, clock, () => options.payments?.committed()),
    ...createPaymentJobHandlers(deps.database.db, options.payments, clock, options.bookingLifecycle),
    ...createAssignmentJobHandlers(deps, clock),
    ...createThreadJobHandlers(deps, clock),
    ...createSeriesJobHandlers(deps, clock, options),
    ...createOnDutyJobHandlers(deps, clock),
  };
}
