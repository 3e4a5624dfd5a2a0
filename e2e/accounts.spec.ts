import { expect, test, type Page, gotoHydrated, expectAccessible, waitForHydration, holdRequests } from "./support/test.ts";
import { payWithNewCard } from "./support/payment-step.ts";
import { codeFrom, codeSubject, createSignedInCustomer } from "./support/accounts.ts";
import { keepBookingSearch } from "./support/kept-booking.ts";
import { uniqueEmail, waitForMail } from "./support/mailbox.ts";

// Issue "accounts" journeys in a real Chromium against the production build, reading the codes
// and reset links from mail caught by the real SMTP capture (docs/product.md §2, §4, §8).

const resetSubject = /reset your|återställ/i;

function resetLinkFrom(text: string | undefined): string {
  const match = /https?:\/\/\S+\/reset-password\?token=[^\s>"]+/.exec(text ?? "");
  if (!match) throw new Error(`No reset link in the mail text: ${text}`);
  return match[0];
}

async function enterEmail(page: Page, email: string) {
  const field = page.getByRole("textbox", { name: /^(E-mail|E-post)$/ });
  await field.fill(email);
  await field.press("Enter");
}

test("full sign-up from /login with the code from the mail, then the dashboard shows the profile", async ({ page }) => {
  // Many steps and four axe scans: give it room on a busy machine.
  test.slow();
  const email = uniqueEmail("signup");
  await gotoHydrated(page, "/login");
  await expect(page.getByRole("heading", { name: "Sign in or create an account" })).toBeVisible();
  await expectAccessible(page, { includeToasts: true });

  // Bad input changes nothing: an invalid address stays on the e-mail step with a message.
  await enterEmail(page, "not-an-email");
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();

  await enterEmail(page, email);
  await expect(page.getByRole("heading", { name: "No account found" })).toBeVisible();
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Verification Code Sent", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const code = codeFrom((await waitForMail(email, codeSubject)).text);

  const continueButton = page.getByRole("button", { name: "Continue" });
  await expect(continueButton).toBeDisabled();
  await expectAccessible(page, { includeToasts: true });
  // Resend is limited to once per minute, with a visible countdown and a 'Please wait' toast.
  await expect(page.getByTestId("resend-code")).toHaveText(/Resend code in 0:\d\d/);
  // aria-disabled during the countdown; a click still explains why nothing was sent.
  await page.getByTestId("resend-code").click({ force: true });
  await expect(page.getByText("Please wait", { exact: true })).toBeVisible();

  // ADR 116: one field for the code (WCAG 2.2 3.3.8); typing keeps only digits.
  const codeField = page.getByRole("textbox", { name: "Verification code" });
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await codeField.focus();
  await page.keyboard.type("x9");
  await expect(codeField).toHaveValue("9");
  expect(await codeField.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("solid");
  await page.keyboard.press("Backspace");
  await expect(codeField).toHaveValue("");

  // A wrong code: 'Invalid Code', the field empties again.
  const wrong = code === "1111" ? "2222" : "1111";
  await page.keyboard.type(wrong);
  await expect(continueButton).toBeEnabled();
  await continueButton.click();
  await expect(page.getByTestId("code-error")).toContainText("Invalid Code");
  await expect(page.getByTestId("code-error")).toContainText(/\d attempts? left for this code/);
  await expect(codeField).toHaveValue("");

  // The code as the phone suggests it or a mail app copies it: whole, with spaces around.
  await codeField.fill(` ${code} `);
  await expect(codeField).toHaveValue(code);
  await continueButton.click();

  await expect(page.getByRole("heading", { name: "Your details" })).toBeVisible();
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("fill-all")).toHaveText("Please fill in all required fields");
  await expectAccessible(page, { includeToasts: true });

  await page.getByLabel("Full name").fill("Astrid Lindqvist");
  await page.getByLabel("Phone number").fill("+46 70 123 45 67");
  await page.getByLabel("Street address").fill("Strandvägen 7");
  await page.getByLabel("Apt / Suite").fill("3 tr");
  await page.getByLabel("City").fill("Stockholm");
  await page.getByLabel("ZIP / Postcode").fill("114 56");
  await page.getByLabel("Country").fill("Sweden");
  await page.getByLabel("Password", { exact: true }).fill("Harbour-Lights-42");
  await page.getByLabel("Re-type password").fill("Harbour-Lights-41");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Re-type password").fill("Harbour-Lights-42");
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByText("Account created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(page.getByRole("heading", { name: "MY ACCOUNT" })).toBeVisible();
  const details = page.getByTestId("profile-details");
  await expect(details.getByLabel("NAME", { exact: true })).toHaveValue("Astrid Lindqvist");
  await expect(details.getByLabel("STREET ADDRESS", { exact: true })).toHaveValue("Strandvägen 7 3 tr");
  await expect(details.getByLabel("ZIP/POSTCODE", { exact: true })).toHaveValue("114 56");
  await expect(details.getByLabel("E-MAIL", { exact: true })).toHaveValue(email);
  await expectAccessible(page, { includeToasts: true });

  // With a session, /login goes straight to the dashboard.
  await gotoHydrated(page, "/login");
  await expect(page).toHaveURL(/\/customer-dashboard$/);
});

test("sign-in with a wrong then the right password; 'Account Exists' when signing up again", async ({ page, request }) => {
  const email = uniqueEmail("signin");
  await createSignedInCustomer(request, email, "Harbour-Lights-42");

  await page.goto("/register");
  await enterEmail(page, email);
  await expect(page.getByTestId("account-exists")).toContainText("An account with this email already exists. Please sign in instead.");
  await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in instead" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();

  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByTestId("sign-in-error")).toHaveText("The email or password you entered is incorrect");
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel("Password", { exact: true }).fill("Harbour-Lights-42");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Successfully signed in")).toBeVisible();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
});

test("forgot password → reset through the mailed link → sign in with the new password; the link works once", async ({ page, request }) => {
  const email = uniqueEmail("reset");
  await createSignedInCustomer(request, email, "Harbour-Lights-42");

  await gotoHydrated(page, "/login");
  await enterEmail(page, email);
  await page.getByRole("button", { name: "Forgot your password?" }).click();
  await expect(page.getByText("Reset link sent")).toBeVisible();
  // While the link was being sent the button was busy, not disabled, so keyboard focus stayed on it.
  await expect(page.getByRole("button", { name: "Forgot your password?" })).toBeFocused();
  const link = resetLinkFrom((await waitForMail(email, resetSubject)).text);
  const path = new URL(link).pathname + new URL(link).search;

  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Please enter a new password.")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("abc");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("Northern-Quay-77");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Your password has been successfully reset. Please log in with your new password.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await enterEmail(page, email);
  await page.getByLabel("Password", { exact: true }).fill("Harbour-Lights-42");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByTestId("sign-in-error")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("Northern-Quay-77");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);

  // A used link fails with the docs/product.md §8 message and goes to /login.
  await page.goto("/logout");
  await expect(page).toHaveURL("/");
  await page.goto(path);
  await page.getByLabel("New password", { exact: true }).fill("Another-Quay-88");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(
    page.getByText("Failed to reset password. The reset link may have expired. Please request a new password reset link."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("signed out, /customer-dashboard lands on /login and returns there after signing in", async ({ page, request }) => {
  const email = uniqueEmail("guard");
  await createSignedInCustomer(request, email, "Harbour-Lights-42");

  await page.goto("/customer-dashboard/security");
  await expect(page).toHaveURL(/\/login\?next=%2Fcustomer-dashboard%2Fsecurity$/);
  await enterEmail(page, email);
  await page.getByLabel("Password", { exact: true }).fill("Harbour-Lights-42");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/customer-dashboard\/security$/);
  await expect(page.getByRole("heading", { name: "SECURITY", exact: true })).toBeVisible();

  // The session disappears elsewhere (signed out from another tab): the guard notices on focus.
  await page.request.post("/api/account/sign-out", { data: {} });
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page).toHaveURL(/\/login\?next=/);

  await page.goto("/customer-profile");
  await expect(page).toHaveURL(/\/login\?next=%2Fcustomer-profile$/);
});

test("/logout signs out and goes home", async ({ page }) => {
  const email = uniqueEmail("logout");
  await createSignedInCustomer(page.request, email, "Harbour-Lights-42");

  await page.goto("/customer-dashboard/bookings");
  await expect(page.getByRole("heading", { name: "BOOKINGS" })).toBeVisible();
  await page.goto("/logout");
  await expect(page.getByText("You have been logged out successfully")).toBeVisible();
  await expect(page).toHaveURL("/");
  const session = await page.request.get("/api/account/session");
  expect(await session.json()).toEqual({ user: null });
  await page.goto("/customer-dashboard");
  await expect(page).toHaveURL(/\/login/);
});

test("the side menu's Sign Out signs out and goes home", async ({ page }) => {
  const email = uniqueEmail("signout");
  await createSignedInCustomer(page.request, email, "Harbour-Lights-42");

  await page.goto("/customer-dashboard");
  await page.getByRole("navigation", { name: "Account menu" }).getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByText("You have been signed out successfully")).toBeVisible();
  await expect(page).toHaveURL("/");
});

test("inactivity signs the user out after 30 minutes (clock fast-forwarded)", async ({ page }) => {
  const email = uniqueEmail("idle");
  await createSignedInCustomer(page.request, email, "Harbour-Lights-42");
  await page.clock.install();

  await page.goto("/customer-dashboard");
  await expect(page.getByRole("heading", { name: "MY ACCOUNT" })).toBeVisible();
  const warning = page.getByTestId("inactivity-warning");
  await page.clock.fastForward("27:00");
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(warning).toBeHidden();
  // Activity restarts the 30 minutes.
  await page.mouse.move(200, 200);
  await page.mouse.move(240, 260);
  await page.clock.fastForward("27:00");
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(warning).toBeHidden();
  // ADR 118 (WCAG 2.2 2.2.1): two minutes before the end a dialog warns; one press keeps the session.
  await page.clock.fastForward("01:30");
  await expect(warning.getByRole("heading", { name: "Are you still there?" })).toBeVisible();
  await expect(warning.getByTestId("inactivity-countdown")).toContainText(/[12]:\d\d/);
  await expect(warning.getByRole("button", { name: "Stay signed in" })).toBeFocused();
  await expectAccessible(page);
  await warning.getByRole("button", { name: "Stay signed in" }).click();
  await expect(warning).toBeHidden();
  await page.clock.fastForward("29:00");
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  await expect(warning).toBeVisible();
  await page.clock.fastForward("02:00");

  await expect(page.getByText("Signed out after inactivity")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?next=%2Fcustomer-dashboard$/);
  const session = await page.request.get("/api/account/session");
  expect(await session.json()).toEqual({ user: null });
});

test("Swedish: the login flow and the server's messages show in Swedish", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("language", "sv"));
  await gotoHydrated(page, "/login");
  await expect(page.getByRole("heading", { name: "Logga in eller skapa ett konto" })).toBeVisible();
  // Text fields show the same visible focus ring as every other control, not only a 1px border.
  const emailField = page.getByRole("textbox", { name: "E-post" });
  await emailField.focus();
  expect(await emailField.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("solid");
  await enterEmail(page, uniqueEmail("svenska"));
  await expect(page.getByRole("heading", { name: "Inget konto hittades" })).toBeVisible();

  // A reset link without a token: one Swedish toast, not an English one beside it.
  await page.goto("/reset-password");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Begär en ny länk för lösenordsåterställning")).toBeVisible();
  await expect(page.getByText("Failed to reset password")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Stäng aviseringen" })).toBeVisible();
});

test("booking-page auth dialog: focus stays inside, close confirmation, 'Account Exists', wrong then right sign-in continues the booking", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("dialog");
  await createSignedInCustomer(request, email, "Harbour-Lights-42");
  // A search already made, so Book now only needs a service and a session.
  await keepBookingSearch(page, "Stockholm, Sweden", 12);
  await gotoHydrated(page, "/secure-booking");
  await page.getByRole("button", { name: "Select VIP Bodyguard" }).click();
  const bookNow = page.getByTestId("book-now");
  await bookNow.click();

  const dialog = page.getByTestId("auth-dialog");
  await expect(dialog.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Sign in to continue" })).toBeVisible();
  // The person opened the dialog to fill it in: focus starts in the first field, not on Close.
  await expect(dialog.getByLabel("E-mail")).toBeFocused();
  await expectAccessible(page, { includeToasts: true });
  // Focus trap: Tab and Shift+Tab never leave the dialog.
  for (let press = 0; press < 8; press += 1) {
    await page.keyboard.press(press % 3 === 2 ? "Shift+Tab" : "Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  // Nothing typed: Escape closes at once.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Something typed: Escape asks first; Cancel keeps what was typed.
  await bookNow.click();
  await dialog.getByLabel("E-mail").fill(email);
  await page.keyboard.press("Escape");
  const confirmation = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(confirmation).toContainText("If you close this dialog, all entered information will be lost.");
  await confirmation.getByRole("button", { name: "Cancel" }).click();
  await expect(confirmation).toBeHidden();
  await expect(dialog.getByLabel("E-mail")).toHaveValue(email);
  await dialog.getByRole("button", { name: "Close" }).click();
  await confirmation.getByRole("button", { name: "Yes, close" }).click();
  await expect(dialog).toBeHidden();

  // Opened again it starts empty. Creating an account for a known address: 'Account Exists'.
  await bookNow.click();
  await expect(dialog.getByLabel("E-mail")).toHaveValue("");
  await dialog.getByRole("button", { name: "Create an account" }).click();
  await expect(dialog.getByRole("heading", { name: "Create an account" })).toBeVisible();
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("abc");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByText("Password must be at least 6 characters")).toBeVisible();
  await dialog.getByLabel("Password", { exact: true }).fill("wrong-password");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByTestId("account-exists")).toContainText("An account with this email already exists. Please sign in instead.");
  await expect(dialog.getByRole("button", { name: "Try Again" })).toBeVisible();
  await dialog.getByRole("button", { name: "Sign in instead" }).click();

  await expect(dialog.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
  await expect(dialog.getByLabel("E-mail")).toHaveValue(email);
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(dialog.getByTestId("dialog-sign-in-error")).toHaveText("Invalid email or password");
  await dialog.getByLabel("Password", { exact: true }).fill("Harbour-Lights-42");
  await dialog.getByRole("button", { name: "Sign in", exact: true }).click();

  // onAuthenticated: the booking page continues to the payment step, then to the confirmation.
  await expect(dialog).toBeHidden();
  await payWithNewCard(page);
  await expect(page).toHaveURL(/\/confirmation/, { timeout: 15_000 });
});

test("the verification window ends after 10 minutes: 'Verification Timeout' and back to the start", async ({ page }) => {
  const email = uniqueEmail("timeout");
  await page.clock.install();
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await enterEmail(page, email);
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await page.clock.fastForward("09:30");
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(page.getByTestId("resend-code")).toHaveText("Resend code");
  await page.clock.fastForward("01:00");
  await expect(page.getByText("Verification code has expired. Please try signing up again.").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(email);
});

test.describe("at 390px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the dashboard has a 64px bottom tab bar whose Logout signs out", async ({ page }) => {
    const email = uniqueEmail("mobile");
    await createSignedInCustomer(page.request, email, "Harbour-Lights-42");
    await page.goto("/customer-dashboard");
    const tabBar = page.getByTestId("dashboard-tab-bar");
    await expect(tabBar).toBeVisible();
    expect((await tabBar.boundingBox())?.height).toBe(64);
    // The side menu is for wide screens only.
    await expect(page.getByRole("button", { name: "Sign Out" }).first()).toBeHidden();
    await tabBar.getByRole("link", { name: "Bookings" }).click();
    await expect(page).toHaveURL(/\/customer-dashboard\/bookings$/);
    await expect(page.getByRole("link", { name: "Make your first booking" })).toHaveAttribute("href", "/secure-booking");
    await tabBar.getByRole("link", { name: "Logout" }).click();
    await expect(page.getByText("You have been logged out successfully")).toBeVisible();
    await expect(page).toHaveURL("/");
  });
});

test("/login: Enter before the scripts have run neither reloads the page nor puts the address in it; the typed address then continues", async ({
  page,
}) => {
  // A slow phone: the prerendered form is there, its script is not yet.
  const releaseScripts = await holdRequests(page, /\/assets\/[^/]+\.js$/);
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  const field = page.getByRole("textbox", { name: "E-mail", exact: true });
  const email = uniqueEmail("early");
  await field.fill(email);
  await field.press("Enter");
  releaseScripts();
  await waitForHydration(page);
  // ADR 115: the Enter is acted on once the page is live, without a second press.
  await expect(page.getByRole("heading", { name: "No account found" })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(email)).toBeVisible();
});

// ADR 085: /login paints its e-mail step from the HTML, before (here: without) any JavaScript.
test.describe("before its scripts run", () => {
  test.use({ javaScriptEnabled: false });

  test("/login already shows the sign-in heading and the e-mail field", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in or create an account" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toBeVisible();
  });
});
