import { expect, request as playwrightRequest, test, type Page, expectAccessible } from "./support/test.ts";
import sharp from "sharp";
import { createSignedInCustomer } from "./support/accounts.ts";
import { uniqueEmail } from "./support/mailbox.ts";
import { e2eSettings } from "./support/settings.ts";

// docs/product.md §2 PAYMENT METHODS and ID VERIFICATION on the profile page, in a real Chromium against the
// production build: cards added, made default and deleted; an ID document uploaded, seen pending,
// reachable only with the session, deleted after a confirmation; the camera button on narrow screens.

const password = "Harbour-Lantern-42";
const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0");

async function signedInCustomer(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await createSignedInCustomer(page.request, email, password);
  await page.goto("/customer-dashboard");
  await expect(page.getByRole("heading", { name: "PAYMENT METHODS" })).toBeVisible();
}

async function addCard(page: Page, number: string, expiry: string, cvv: string) {
  await page.getByRole("button", { name: "Add new card" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Card" });
  await expect(dialog).toBeVisible();
  const cardNumber = dialog.getByRole("textbox", { name: "Card Number" });
  await expect(cardNumber).toBeFocused();
  await cardNumber.pressSequentially(number);
  await dialog.getByRole("textbox", { name: "Expiry Date" }).pressSequentially(expiry);
  await dialog.getByLabel("CVV", { exact: true }).fill(cvv);
  await dialog.getByRole("button", { name: "Add Card" }).click();
  return dialog;
}

/** A photo of a document as a phone takes it: JPEG with EXIF (a GPS reference among it). */
async function documentPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 230, g: 225, b: 210 } } })
    .jpeg()
    .withExif({ IFD0: { Artist: "Customer phone" }, IFD3: { GPSLatitudeRef: "N" } })
    .toBuffer();
}

test("adds cards with brand, label and last four, makes one the default and deletes one", async ({ page }) => {
  test.slow();
  await signedInCustomer(page, "wallet-cards");
  await expect(page.getByText("No saved cards yet")).toBeVisible();
  await expectAccessible(page);

  // A mistyped number is refused beside the field and nothing is added.
  const dialog = await addCard(page, "4242424242424241", `12${nextYear}`, "123");
  await expect(dialog.getByText("This card number is not valid. Please check it.")).toBeVisible();
  const cardNumber = dialog.getByRole("textbox", { name: "Card Number" });
  await expect(cardNumber).toHaveAttribute("autocomplete", "cc-number");
  await expect(cardNumber).toHaveAttribute("inputmode", "numeric");
  await expect(dialog.getByLabel("CVV", { exact: true })).toHaveAttribute("type", "password");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await addCard(page, "4242424242424242", `12${nextYear}`, "123");
  await expect(page.getByText("Card added successfully")).toBeVisible();
  const cards = page.getByTestId("saved-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Visa");
  await expect(cards.first()).toContainText("Business");
  await expect(cards.first()).toContainText("•••• 4242");
  await expect(cards.first()).toContainText(`Expires 12/${nextYear}`);
  await expect(cards.first()).toContainText("Default");

  await addCard(page, "5555555555554444", `08${nextYear}`, "321");
  await expect(cards).toHaveCount(2);
  const mastercard = cards.filter({ hasText: "•••• 4444" });
  await expect(mastercard).toContainText("Mastercard");
  await expect(mastercard).toContainText("Private");
  await expect(mastercard).not.toContainText("Default");

  await page.getByRole("button", { name: "Make card ending in 4444 the default" }).click();
  await expect(cards.first()).toContainText("•••• 4444");
  await expect(cards.first()).toContainText("Default");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Delete card ending in 4444" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this card?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete card" }).click();
  await expect(page.getByText("Payment method deleted successfully")).toBeVisible();
  await expect(cards).toHaveCount(1);
  // The remaining card became the default.
  await expect(cards.first()).toContainText("•••• 4242");
  await expect(cards.first()).toContainText("Default");
  await page.reload();
  await expect(cards).toHaveCount(1);
});

test("uploads an ID document, sees it pending, reaches it only when signed in, and deletes it", async ({ page }) => {
  test.slow();
  await signedInCustomer(page, "wallet-id");
  await expect(page.getByText("No ID card uploaded")).toBeVisible();

  await page.getByRole("button", { name: "Add new Identification" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Identification" });
  await expect(dialog.getByRole("button", { name: "Passport" })).toBeFocused();
  await expect(dialog.getByRole("button", { name: "ID Card" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Driver's License" })).toBeVisible();
  await dialog.getByRole("button", { name: "Passport" }).click();
  const upload = page.getByRole("dialog", { name: "Upload your Passport" });
  // Wide screens choose a file; the camera button is for phones.
  await expect(upload.getByRole("button", { name: "Take Photo" })).toBeHidden();
  // Focus follows into the new step instead of being lost with the pressed button.
  await expect(upload.getByLabel("Document image")).toBeFocused();
  await expectAccessible(page);
  await upload.getByLabel("Document image").setInputFiles({ name: "passport.jpg", mimeType: "image/jpeg", buffer: await documentPhoto() });
  await expect(page.getByText("Upload successful")).toBeVisible();
  await expect(page.getByText("Your document has been uploaded for verification")).toBeVisible();
  const idDocument = page.getByTestId("id-document");
  await expect(idDocument).toContainText("Passport");
  await expect(page.getByTestId("id-status")).toHaveText("Pending review");
  await expectAccessible(page);

  // The file exists only behind the session: the owner gets it, a visitor without the cookie does not.
  const link = idDocument.getByRole("link", { name: "View document" });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/api\/account\/id-verifications\/[0-9a-f-]{36}\/file$/);
  const owner = await page.request.get(href ?? "");
  expect(owner.status()).toBe(200);
  expect(owner.headers()["content-type"]).toBe("image/jpeg");
  expect(owner.headers()["cache-control"]).toBe("private, no-store");
  expect((await sharp(await owner.body()).metadata()).exif).toBeUndefined();
  // Opened from the link, the browser shows the image itself (the API's strict CSP does not stop it).
  const [viewer] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  await expect
    .poll(() => viewer.evaluate(() => document.querySelector("img")?.naturalWidth ?? 0), { message: "the document image renders" })
    .toBe(900);
  await viewer.close();
  const stranger = await playwrightRequest.newContext({ baseURL: e2eSettings.baseUrl });
  expect((await stranger.get(href ?? "")).status()).toBe(401);
  await stranger.dispose();

  await idDocument.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete your identification?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Delete identification" }).click();
  await expect(page.getByText("ID verification removed")).toBeVisible();
  await expect(page.getByText("Your identification has been deleted successfully.")).toBeVisible();
  await expect(page.getByText("No ID card uploaded")).toBeVisible();
  expect((await page.request.get(href ?? "")).status()).toBe(404);
});

test.describe("narrow screen", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("offers Take Photo for the camera and stays accessible", async ({ page }) => {
    test.slow();
    await signedInCustomer(page, "wallet-narrow");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Add new Identification" }).click();
    await page.getByRole("dialog", { name: "Add Identification" }).getByRole("button", { name: "ID Card" }).click();
    const upload = page.getByRole("dialog", { name: "Upload your ID Card" });
    await expect(upload.getByRole("button", { name: "Take Photo" })).toBeVisible();
    await expect(upload.getByRole("button", { name: "Take Photo" })).toBeFocused();
    await expect(upload.getByTestId("camera-input")).toHaveAttribute("capture", "environment");
    await expect(upload.getByLabel("Document image")).toBeAttached();
    await expectAccessible(page);
    await upload.getByRole("button", { name: "Cancel" }).click();
    await expect(upload).toBeHidden();

    await addCard(page, "3782 822463 10005", `01${nextYear}`, "1234");
    await expect(page.getByTestId("saved-card").first()).toContainText("American Express");
    await expectAccessible(page);
  });
});
