// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ServiceNames } from "./service-names.tsx";

// A booking is labelled by every one of its services (the queue, the headings, the lists), in the
// reader's language; each name once, in the booking's order; dots for the eye, commas for the ear.

afterEach(cleanup);

describe("a booking's service names", () => {
  it("names residential, driver and bodyguard in English and in Swedish", () => {
    const services = ["svc-residential", "svc-driver", "svc-bodyguard"];
    render(<ServiceNames services={services} language="en" testId="en" />);
    render(<ServiceNames services={services} language="sv" testId="sv" />);
    const english = screen.getByTestId("en");
    expect(english.querySelector("[aria-hidden]")?.textContent).toBe("Residential · Security driver · Bodyguard");
    expect(english.querySelector(".sr-only")?.textContent).toBe("Residential, Security driver, Bodyguard");
    expect(screen.getByTestId("sv").querySelector("[aria-hidden]")?.textContent).toBe("Bostadsskydd · Säkerhetschaufför · Livvakt");
  });

  it("tells the outdoor services apart and names each once", () => {
    render(
      <ServiceNames
        services={[{ serviceId: "svc-bodyguard" }, { serviceId: "svc-going-out" }, { serviceId: "svc-bodyguard" }]}
        language="en"
      />,
    );
    expect(screen.getByTestId("booking-services").querySelector(".sr-only")?.textContent).toBe("Bodyguard, Going out");
  });

  it("keeps the booked title of a service the site does not name", () => {
    render(<ServiceNames services={[{ serviceId: "svc-yacht", title: "Yacht watch" }]} language="sv" />);
    expect(screen.getByTestId("booking-services").querySelector(".sr-only")?.textContent).toBe("Yacht watch");
  });
});
