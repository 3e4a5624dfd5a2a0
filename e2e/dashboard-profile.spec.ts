import { expect, test, type Page, expectAccessible } from "./support/test.ts";
import sharp from "sharp";
import { bookingDialogDetails, codeFrom, codeSubject, createSignedInCustomer } from "./support/accounts.ts";
import { uniqueEmail, waitForMail } from "./support/mailbox.ts";

// docs/product.md §2 customer dashboard, profile: contact details edited in place and kept, the avatar
// uploaded and removed without a reload, an additional e-mail confirmed with the code from its
// mail, and the /customer-profile settings dialogs (one open at a time, saved for real), at a
// phone's width and a desktop's, with no serious axe violation.

const password = "Harbour-Lights-42";
const widths = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 800 } },
];

/** SCREENSHOTS=1 keeps a picture of each screen for a person to look at. */
async function keepScreenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

async function signedInCustomer(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await createSignedInCustomer(page.request, email, password, bookingDialogDetails);
  return email;
}

for (const { name, viewport } of widths) {
  test.describe(`profile at ${name} width`, () => {
    test.use({ viewport });

    test("edits a contact detail in place, keeps it after a reload, refuses an empty one, and asks for missing details", async ({
      page,
    }) => {
      test.slow();
      const email = await signedInCustomer(page, `profile-${name}`);
      await page.goto("/customer-dashboard");
      const details = page.getByTestId("profile-details");
      await expect(details.getByLabel("NAME", { exact: true })).toHaveValue("Astrid Lindqvist");
      await expect(details.getByLabel("E-MAIL", { exact: true })).toHaveValue(email);
      await expect(details.getByLabel("E-MAIL", { exact: true })).not.toBeEditable();
      // No UPDATE button until a field is edited, then only that field's.
      await expect(page.getByRole("button", { name: /^Update / })).toHaveCount(0);

      const banner = page.getByTestId("missing-details");
      await expect(banner).toContainText("Add your city, country, and postcode");
      await keepScreenshot(page, `profile-${name}-en`);
      await expectAccessible(page);
      await banner.getByRole("button", { name: "Fill in now" }).click();
      const city = details.getByLabel("CITY", { exact: true });
      await expect(city).toBeFocused();
      await city.fill("  Malmö ");
      await expect(page.getByRole("button", { name: /^Update / })).toHaveCount(1);
      await page.getByRole("button", { name: "Update CITY" }).click();
      await expect(page.getByText("City updated successfully")).toBeVisible();
      await expect(page.getByRole("button", { name: /^Update / })).toHaveCount(0);

      const nameField = details.getByLabel("NAME", { exact: true });
      await nameField.fill("   ");
      await page.getByRole("button", { name: "Update NAME" }).click();
      await expect(page.getByText("Name cannot be empty")).toBeVisible();
      await expectAccessible(page);

      await page.reload();
      await expect(details.getByLabel("CITY", { exact: true })).toHaveValue("Malmö");
      await expect(details.getByLabel("NAME", { exact: true })).toHaveValue("Astrid Lindqvist");
      await expect(banner).toContainText("Add your country and postcode");
    });

    test("settings screen: dialogs open one at a time, personal information and notification choices are kept", async ({ page }) => {
      test.slow();
      await signedInCustomer(page, `settings-${name}`);
      await page.goto("/customer-profile");
      await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
      await expect(page.getByTestId("avatar-initial").first()).toHaveText("A");
      await keepScreenshot(page, `settings-${name}-en`);
      await expectAccessible(page);

      await page.getByRole("button", { name: /Personal Information/ }).click();
      const dialog = page.getByRole("dialog", { name: "Personal Information" });
      await expect(dialog.getByLabel("Full name")).toBeFocused();
      await expect(dialog.getByRole("group", { name: "Basic Information" })).toBeVisible();
      await expect(dialog.getByRole("group", { name: "Address Information" })).toBeVisible();
      await expect(dialog.getByRole("group", { name: "Additional Information" })).toBeVisible();
      await dialog.getByLabel("City").fill("");
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(dialog.getByText("City cannot be empty")).toBeVisible();
      await dialog.getByLabel("City").fill("Uppsala");
      await dialog.getByLabel("ZIP / Postcode").fill("753 10");
      await dialog.getByLabel("Country").fill("Sweden");
      await keepScreenshot(page, `settings-${name}-personal`);
      await expectAccessible(page);
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Your information has been successfully saved.")).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByTestId("missing-details")).toHaveCount(0);

      await page.getByRole("button", { name: /Notification Preferences/ }).click();
      await expect(page.getByRole("dialog")).toHaveCount(1);
      const emailSwitch = page.getByRole("switch", { name: "Email Notifications" });
      await expect(emailSwitch).toBeChecked();
      await expect(page.getByText("Receive mobile notifications")).toBeVisible();
      await emailSwitch.click();
      await expect(emailSwitch).not.toBeChecked();
      await keepScreenshot(page, `settings-${name}-notifications`);
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);

      await page.getByRole("button", { name: /Security Settings/ }).click();
      await expect(page.getByRole("dialog")).toHaveCount(1);
      await expect(page.getByRole("dialog", { name: "Security Settings" })).toBeVisible();
      await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

      await page.reload();
      await page.getByRole("button", { name: /Notification Preferences/ }).click();
      await expect(page.getByRole("switch", { name: "Email Notifications" })).not.toBeChecked();
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: /Personal Information/ }).click();
      await expect(page.getByRole("dialog").getByLabel("City")).toHaveValue("Uppsala");
    });
  });
}

test("avatar: upload a photo, see it in the header too, then remove it, without a reload", async ({ page }) => {
  test.slow();
  await signedInCustomer(page, "avatar");
  await page.goto("/customer-dashboard");
  const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();

  await page.getByRole("button", { name: "Change profile picture" }).click();
  // Take Photo is for narrow screens only; Remove only when there is a picture.
  await expect(page.getByRole("menuitem", { name: "Take Photo" })).toHaveCount(0);
  await expect(page.getByRole("menuitem", { name: "Remove Photo" })).toHaveCount(0);
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("menuitem", { name: "Upload" }).click();
  await (await chooser).setFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
  await expect(page.getByText("Profile picture updated successfully")).toBeVisible();
  const images = page.getByTestId("avatar-image");
  await expect(images).toHaveCount(2);
  await expect(images.first()).toHaveAttribute("src", /\/api\/profile\/avatar\?v=/);
  await expect.poll(() => images.first().evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);
  await expectAccessible(page);

  // A file that only calls itself a picture is refused with a message, not silently.
  const chooserAgain = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Change profile picture" }).click();
  await page.getByRole("menuitem", { name: "Upload" }).click();
  await (await chooserAgain).setFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html><script>1</script></html>") });
  await expect(page.getByText("Please choose a JPEG, PNG or WebP picture.")).toBeVisible();

  // A camera-sized photo over 5 MB is scaled down in the browser rather than refused.
  const noise = Buffer.from(Array.from({ length: 1400 * 1400 * 3 }, (_, index) => (index * 7919) % 251));
  const huge = await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(huge.length).toBeGreaterThan(5 * 1024 * 1024);
  const firstVersion = (await images.first().getAttribute("src")) ?? "";
  const chooserLarge = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Change profile picture" }).click();
  await page.getByRole("menuitem", { name: "Upload" }).click();
  await (await chooserLarge).setFiles({ name: "camera.png", mimeType: "image/png", buffer: huge });
  await expect(images.first()).not.toHaveAttribute("src", firstVersion);
  await expect(images.first()).toHaveAttribute("src", /\/api\/profile\/avatar\?v=/);

  await page.getByRole("button", { name: "Change profile picture" }).click();
  await page.getByRole("menuitem", { name: "Remove Photo" }).click();
  await expect(page.getByText("Profile picture removed successfully")).toBeVisible();
  await expect(page.getByTestId("avatar-image")).toHaveCount(0);
  await expect(page.getByTestId("avatar-initial").first()).toHaveText("A");
});

test("phone width offers Take Photo with the front camera", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInCustomer(page, "camera");
  await page.goto("/customer-dashboard");
  await page.getByRole("button", { name: "Change profile picture" }).click();
  await expect(page.getByRole("menuitem", { name: "Take Photo" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Cancel" })).toBeVisible();
  await expect(page.getByTestId("avatar-camera-input")).toHaveAttribute("capture", "user");
  await page.getByRole("menuitem", { name: "Cancel" }).click();
  await expect(page.getByRole("menu")).toHaveCount(0);
});

test("adds an additional e-mail and verifies it with the code from its mail", async ({ page }) => {
  test.slow();
  await signedInCustomer(page, "emails");
  await page.goto("/customer-dashboard");
  await page.getByRole("button", { name: "Add another E-mail" }).click();
  const field = page.getByLabel("New e-mail address");
  await expect(field).toBeFocused();
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Email cannot be empty")).toBeVisible();
  await field.fill("not-an-address");
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();

  const extra = uniqueEmail("extra");
  await field.fill(extra);
  await page.getByRole("button", { name: "Add", exact: true }).click();
  const row = page.getByTestId("additional-email");
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Unverified")).toBeVisible();
  await keepScreenshot(page, "profile-email-unverified");
  await expectAccessible(page);

  const code = codeFrom((await waitForMail(extra, codeSubject)).text);
  await row.getByTestId("code-input").fill(code);
  await row.getByRole("button", { name: "Verify" }).click();
  await expect(row.getByText("Verified", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("additional-email").getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.getByTestId("additional-email").getByRole("textbox")).toHaveValue(extra);
});

test("the profile reads in Swedish", async ({ page }) => {
  await signedInCustomer(page, "svenska");
  await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
  await page.goto("/customer-dashboard");
  await expect(page.getByRole("heading", { name: "Kontaktuppgifter" })).toBeVisible();
  await expect(page.getByTestId("missing-details")).toContainText("Några uppgifter saknas");
  await keepScreenshot(page, "profile-desktop-sv");
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, "profile-phone-sv");
  await page.goto("/customer-profile");
  await expect(page.getByRole("button", { name: /Personuppgifter/ })).toBeVisible();
  await keepScreenshot(page, "settings-phone-sv");
  await expectAccessible(page);
});
