import { Fragment } from "react";
import { defaultLanguage, isLanguage } from "../../shared/languages.ts";
import { bookingServiceNames } from "../../shared/service-titles.ts";

// A booking labelled by every one of its services, never by its first alone: "Residential ·
// Security driver · Bodyguard". Lines break between services, never inside a name, so a narrow
// screen (390 px) wraps the list rather than cutting it; screen readers hear the names as a
// comma-separated list instead of the dots (WCAG 2.2 1.3.1).

export function ServiceNames({
  services,
  language,
  className,
  testId = "booking-services",
}: {
  services: readonly (string | { serviceId: string; title?: string })[];
  language: string;
  className?: string;
  testId?: string;
}) {
  const names = bookingServiceNames(services, isLanguage(language) ? language : defaultLanguage);
  if (names.length === 0) return null;
  return (
    <span className={className} data-testid={testId}>
      <span aria-hidden="true">
        {names.map((name, index) => (
          <Fragment key={name}>
            {index > 0 && " "}
            {/* The dot stays with the name before it, so a wrapped line never starts with one. */}
            <span className="whitespace-nowrap">{index < names.length - 1 ? `${name} ·` : name}</span>
          </Fragment>
        ))}
      </span>
      <span className="sr-only">{names.join(", ")}</span>
    </span>
  );
}
