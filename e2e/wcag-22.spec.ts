import { randomUUID } from "node:crypto";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test, gotoHydrated, waitForHydration, type Page } from "./support/test.ts";
import { addDays, operatorToday } from "../src/shared/time.ts";
import { createSignedInCustomer } from "./support/accounts.ts";
import { signInStaffThroughApi } from "./support/staff.ts";
import { uniqueEmail, waitForMail } from "./support/mailbox.ts";
import { e2eSettings } from "./support/settings.ts";

// WCAG 2.2's new success criteria at phone width (ADR 117): 2.5.8 Target Size (Minimum) on every
// screen, 2.4.11 Focus Not Obscured (Minimum) while tabbing through the dashboard and the booking
// page, and 3.3.8 Accessible Authentication for the e-mailed sign-up code (one field that takes a
// pasted code and the phone's suggestion).

const password = "Harbour-Lights-42";
const phone = { width: 390, height: 844 };

function setRole(email: string, role: "admin" | "customer") {
  const database = new DatabaseSync(path.join(e2eSettings.dataDirectory, "app.db"));
  try {
    database.exec("PRAGMA busy_timeout = 5000");
    database.prepare("update users set role = ? where email = ?").run(role, email);
  } finally {
    database.close();
  }
}

async function bookThroughApi(page: Page): Promise<string> {
  const bookingId = randomUUID();
  const startDate = addDays(operatorToday(new Date()), 12);
  const response = await page.request.post("/api/bookings", {
    data: {
      bookingId,
      location: "Lund, Sweden",
      startDate,
      services: [{ serviceId: "svc-residential", options: { guards: 1, days: 1, timeOfDay: "day" } }],
      language: "en",
    },
  });
  expect(response.status()).toBe(201);
  return bookingId;
}

type Undersized = { target: string; width: number; height: number };

/**
 * WCAG 2.5.8: every target is at least 24 by 24 CSS pixels, or a 24-pixel circle centred on it
 * meets no other target and no other small target's circle. Links inside a sentence are exempt
 * (the "inline" exception), as are controls whose visible target is their label (visually hidden
 * inputs), and disabled controls, which are not targets.
 */
async function undersizedTargets(page: Page): Promise<Undersized[]> {
  return page.evaluate(() => {
    const selector = [
      "a[href]",
      "button",
      "input:not([type=hidden])",
      "select",
      "textarea",
      "summary",
      "label[for]",
      "[role=button]",
      "[role=link]",
      "[role=checkbox]",
      "[role=switch]",
      "[role=radio]",
      "[role=tab]",
      "[role=option]",
      "[role=menuitem]",
      "[tabindex]:not([tabindex='-1'])",
    ].join(",");
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      // Visually hidden (a skip link until focused, a native input drawn by its label) is no target.
      const clipped = style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)";
      return (
        style.visibility !== "hidden" &&
        style.display !== "none" &&
        !clipped &&
        box.width > 1 &&
        box.height > 1 &&
        !element.closest("[hidden]")
      );
    };
    const targets = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (element) => visible(element) && !(element as HTMLButtonElement).disabled && !element.closest("[inert]"),
    );
    const inSentence = (element: HTMLElement) => {
      if (getComputedStyle(element).display !== "inline") return false;
      let block: HTMLElement | null = element.parentElement;
      while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
      const own = element.textContent.trim().length;
      return (block?.textContent.trim().length ?? 0) > own + 1;
    };
    const describe = (element: HTMLElement) =>
      `${element.tagName.toLowerCase()}${element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : ""} "${(element.getAttribute("aria-label") ?? element.textContent).trim().slice(0, 40)}"`;
    const small = targets.filter((element) => {
      const box = element.getBoundingClientRect();
      return (box.width < 24 || box.height < 24) && !inSentence(element);
    });
    const related = (a: Element, b: Element) => a === b || a.contains(b) || b.contains(a);
    const distanceToBox = (x: number, y: number, box: DOMRect) => {
      const dx = Math.max(box.left - x, 0, x - box.right);
      const dy = Math.max(box.top - y, 0, y - box.bottom);
      return Math.hypot(dx, dy);
    };
    return small
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        return targets.some((other) => {
          if (related(element, other)) return false;
          // A label and its own control are one target.
          if (element instanceof HTMLLabelElement && element.control === other) return false;
          if (other instanceof HTMLLabelElement && other.control === element) return false;
          const otherBox = other.getBoundingClientRect();
          if (small.includes(other)) {
            const ox = otherBox.left + otherBox.width / 2;
            const oy = otherBox.top + otherBox.height / 2;
            return Math.hypot(x - ox, y - oy) < 24;
          }
          return distanceToBox(x, y, otherBox) < 12;
        });
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        return { target: describe(element), width: Math.round(box.width), height: Math.round(box.height) };
      });
  });
}

test("2.5.8: every control on every screen is at least 24 by 24 px, or spaced as if it were, at 390 px", async ({ page }) => {
  test.slow();
  await page.setViewportSize(phone);
  const problems: string[] = [];
  async function check(address: string, ready: () => Promise<void>, open?: { name: string; action: () => Promise<void> }) {
    await page.goto(address);
    await ready();
    for (const found of await undersizedTargets(page)) problems.push(`${address}: ${found.target} ${found.width}×${found.height}`);
    if (!open) return;
    await open.action();
    for (const found of await undersizedTargets(page))
      problems.push(`${address} (${open.name}): ${found.target} ${found.width}×${found.height}`);
  }
  const hydrated = async () => {
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
  };
  const publicPaths = [
    "/",
    "/how-it-works",
    "/about",
    "/careers",
    "/help",
    "/terms",
    "/privacy",
    "/security",
    "/cookies",
    "/affiliate",
    "/services/bodyguard",
    "/login",
    "/register",
    "/reset-password?token=abcdefghijklmnop",
    "/secure-booking",
    "/confirmation",
    "/no-such-page",
  ];
  for (const address of publicPaths) await check(address, hydrated);
  // What opens over a page: the date picker, the mobile menu.
  await check("/secure-booking", hydrated, {
    name: "date picker",
    action: async () => {
      await page.getByTestId("booking-search-panel").getByTestId("date-range-check-in").click();
      await expect(page.getByTestId("date-range-dialog")).toBeVisible();
    },
  });
  await check("/help", hydrated, {
    name: "menu",
    action: async () => {
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.locator("#mobile-menu")).toBeVisible();
    },
  });

  const email = uniqueEmail("targets");
  await createSignedInCustomer(page.request, email, password);
  setRole(email, "admin");
  await signInStaffThroughApi(page, email, password);
  const bookingId = await bookThroughApi(page);
  await check("/customer-dashboard/bookings", hydrated, {
    name: "filter menu",
    action: async () => {
      await page.getByTestId("bookings-filter").click();
      await expect(page.getByRole("menu")).toBeVisible();
    },
  });
  for (const address of [
    "/customer-dashboard",
    `/customer-dashboard/bookings/${bookingId}`,
    "/customer-dashboard/security",
    `/confirmation?booking=${bookingId}`,
    "/admin",
    `/admin/bookings/${bookingId}`,
    "/admin/operatives",
    "/admin/id-documents",
    "/admin/catalogue",
    "/admin/invoicing",
    "/admin/staff",
  ])
    await check(address, hydrated);
  expect(problems).toEqual([]);
});

/** Tabs through the page and lists the focused controls that the sticky bars hide. */
async function focusHiddenByBars(page: Page, bars: string[], maximumStops = 120): Promise<string[]> {
  const hidden: string[] = [];
  const seen = new Set<string>();
  for (let stop = 0; stop < maximumStops; stop += 1) {
    await page.keyboard.press("Tab");
    // The page scrolls smoothly to the focused control: judge where it comes to rest.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let last = Number.NaN;
          let stillFrames = 0;
          const tick = () => {
            stillFrames = window.scrollY === last ? stillFrames + 1 : 0;
            last = window.scrollY;
            if (stillFrames >= 3) resolve();
            else requestAnimationFrame(tick);
          };
          tick();
        }),
    );
    const state = await page.evaluate((barSelectors) => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || focused === document.body) return null;
      const key = `${focused.tagName}:${focused.id}:${focused.textContent.trim().slice(0, 30)}:${Math.round(focused.getBoundingClientRect().top + window.scrollY)}`;
      const box = focused.getBoundingClientRect();
      const bars = barSelectors
        .map((selector) => document.querySelector(selector))
        .filter((bar): bar is Element => bar !== null && !bar.contains(focused));
      // What is drawn on top at the control's top, middle and bottom edge: a bar there hides it.
      const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
      const covered = [box.top + 2, box.top + box.height / 2, box.bottom - 2].some((y) => {
        if (y < 0 || y >= window.innerHeight) return true;
        const topmost = document.elementFromPoint(x, y);
        return topmost !== null && bars.some((bar) => bar.contains(topmost));
      });
      return {
        key,
        covered,
        label: `${focused.tagName.toLowerCase()} "${(focused.getAttribute("aria-label") ?? focused.textContent).trim().slice(0, 40)}"`,
      };
    }, bars);
    if (!state) continue;
    if (seen.has(state.key)) break;
    seen.add(state.key);
    if (state.covered) hidden.push(state.label);
  }
  return hidden;
}

test("2.4.11: tabbing through the dashboard and the booking page at 390 px, no focused control is under a sticky bar", async ({ page }) => {
  test.slow();
  await page.setViewportSize(phone);
  const email = uniqueEmail("focus");
  await createSignedInCustomer(page.request, email, password);
  await bookThroughApi(page);

  await gotoHydrated(page, "/customer-dashboard");
  await expect(page.getByTestId("password-change")).toBeVisible();
  expect(await focusHiddenByBars(page, ["[data-testid=top-bar]", "[data-testid=dashboard-tab-bar]"])).toEqual([]);

  await gotoHydrated(page, "/customer-dashboard/bookings");
  await expect(page.getByTestId("upcoming-bookings")).toBeVisible();
  expect(await focusHiddenByBars(page, ["[data-testid=top-bar]", "[data-testid=dashboard-tab-bar]"])).toEqual([]);

  await gotoHydrated(page, "/secure-booking");
  await page.getByRole("button", { name: "Select VIP Residential Protection" }).click();
  await expect(page.getByTestId("booking-total-bar")).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator("body").focus();
  expect(await focusHiddenByBars(page, ["[data-testid=top-bar]", "[data-testid=booking-total-bar]"])).toEqual([]);
});

test("3.3.8: the e-mailed sign-up code is one field that takes a pasted code", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const email = uniqueEmail("one-field");
  await gotoHydrated(page, "/register");
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  const field = page.getByRole("textbox", { name: "Verification code" });
  await expect(field).toBeVisible();
  await expect(field).toHaveAttribute("autocomplete", "one-time-code");
  await expect(field).toHaveAttribute("inputmode", "numeric");
  await expect(page.getByRole("textbox")).toHaveCount(1);
  const mail = await waitForMail(email, /verification code/i);
  const code = /^\s{4}(\d{4})\s*$/m.exec(mail.text ?? "")?.[1] ?? "";
  // Pasted as many mail apps copy it: with spaces around.
  await page.evaluate((text) => navigator.clipboard.writeText(text), ` ${code} `);
  await field.focus();
  await page.keyboard.press("ControlOrMeta+V");
  await expect(field).toHaveValue(code);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
});
