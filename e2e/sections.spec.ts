import { expect, test } from "./support/test.ts";

// ADR 026: the server answers any path below the account and operator sections with the
// application shell, and the sections' layouts guard them in the browser.

test("deep links below the account and operator sections reach the browser router and ask to sign in", async ({ page }) => {
  for (const path of ["/admin/bookings/123", "/customer-dashboard/bookings/x", "/admin"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});

test("an unknown path outside the sections is still the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/admins");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 - This page could not be found" })).toBeVisible();
});
