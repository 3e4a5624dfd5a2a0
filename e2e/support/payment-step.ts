import { expect, type Page } from "./test.ts";

// The booking page's payment step (docs/payments.md): after Book now a signed-in customer chooses a
// card or saves a new one, then books and pays.

export const nextYearDigits = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0");

/** The payment step, once it is open. */
export function paymentStep(page: Page) {
  return page.getByTestId("payment-step");
}

/** Saves a new card in the open payment step; it becomes the chosen card. */
export async function saveNewCard(page: Page, number: string) {
  const step = paymentStep(page);
  const addNew = step.getByRole("button", { name: "Add a new card" });
  const cardNumber = step.getByRole("textbox", { name: "Card Number" });
  // Once the saved cards are read, either the new-card form (no card yet) or its button shows.
  await expect(cardNumber.or(addNew)).toBeVisible({ timeout: 15_000 });
  if (await addNew.isVisible()) await addNew.click();
  await step.getByRole("textbox", { name: "Card Number" }).pressSequentially(number);
  await step.getByRole("textbox", { name: "Expiry Date" }).pressSequentially(`12${nextYearDigits}`);
  await step.getByLabel("CVV", { exact: true }).fill("123");
  await step.getByRole("button", { name: "Save card" }).click();
  await expect(step.getByRole("radio", { name: new RegExp(`ending in ${number.slice(-4)}`) })).toBeChecked();
}

/** Pays with a new card from the open payment step (consenting when the step asks). */
export async function payWithNewCard(page: Page, number = "4242424242424242") {
  await expect(paymentStep(page)).toBeVisible({ timeout: 15_000 });
  await saveNewCard(page, number);
  const consent = paymentStep(page).getByRole("checkbox");
  if (await consent.isVisible()) await consent.check();
  await paymentStep(page)
    .getByRole("button", { name: /^Book and pay/ })
    .click();
}
