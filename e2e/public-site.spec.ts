import { expect, test } from "./support/test.ts";

test("an unknown address shows the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 - This page could not be found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to Homepage" }).click();
  await expect(page).toHaveURL("/");
});
