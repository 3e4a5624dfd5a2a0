import type { Page } from "@playwright/test";

// The date-range picker as a visitor uses it: days are the browser's local calendar days.

export function localIsoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function daysFromToday(days: number): Date {
  const today = new Date();
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
}

/** Clicks a day in the open calendar, paging forward to its month when needed. */
export async function pickDay(page: Page, day: Date) {
  const dialog = page.getByTestId("date-range-dialog");
  const cell = dialog.locator(`[data-day="${localIsoDay(day)}"] button`);
  for (let month = 0; month < 12 && !(await cell.isVisible()); month++) {
    await dialog.getByRole("button", { name: /next month/i }).click();
  }
  await cell.click();
}
