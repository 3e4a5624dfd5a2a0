import { accountValidationMessages, validationTexts } from "../../../shared/validation-messages.ts";
import { registerTranslations, type TranslationKey } from "../../lib/i18n.ts";

// docs/product.md §2, §5 and §8 wording for sign-in, sign-up, verification and password reset (English is the
// reference wording; Swedish is ours). Server messages arrive in English and are mapped by error code
// (see auth-errors.ts); the schemas' messages are translation keys under `validation` (ADR 027).

/** `validation.emailRequired` → `{ emailRequired: "Email is required" }`, from the shared English. */
const englishValidation = validationTexts(accountValidationMessages);

export const english = {
  common: {
    email: "E-mail",
    emailPlaceholder: "name@example.com",
    password: "Password",
    continue: "Continue",
    back: "Back",
    useDifferentEmail: "Use a different e-mail",
    showPassword: "Show password",
    hidePassword: "Hide password",
    required: "Required",
    optional: "optional",
  },
  login: {
    eyebrow: "Client access",
    title: "Sign in or create an account",
    intro: "Enter your e-mail to continue. We check whether you already have an account and guide you from there.",
    registerTitle: "Create your account",
    registerIntro: "Enter your e-mail and we send you a 4-digit code to confirm it.",
    checking: "Checking...",
    sendingCode: "Sending code...",
    sendCode: "Send code",
    asideTitle: "Discreet by design",
    asideBody:
      "Your account keeps your bookings, contact details and emergency contacts in one place. Every request is reviewed by a senior consultant and confirmed within 24 hours.",
    asidePoints: ["Licensed, vetted security staff", "Personal data kept in the EU", "No card charged before confirmation"],
  },
  password: {
    title: "Welcome back",
    intro: "Enter the password for {{email}}.",
    signIn: "Sign In",
    signingIn: "Signing in...",
    forgot: "Forgot your password?",
    sendingReset: "Sending reset link...",
    resetSentTitle: "Reset link sent",
    resetSentBody: "Check your email for the password reset link",
    incorrect: "The email or password you entered is incorrect",
    signedIn: "Successfully signed in",
  },
  accountExists: {
    title: "Account Exists",
    body: "An account with this email already exists. Please sign in instead.",
    signInInstead: "Sign in instead",
    tryAgain: "Try Again",
  },
  noAccount: {
    title: "No account found",
    body: "There is no account for {{email}} yet. Creating one takes a minute: we e-mail you a 4-digit code to confirm the address.",
    signUp: "Sign Up",
  },
  code: {
    title: "Check your inbox",
    intro: "We sent a 4-digit code to {{email}}. It is valid for 10 minutes.",
    label: "Verification code",
    verifying: "Verifying...",
    resend: "Resend code",
    resending: "Sending...",
    resendIn: "Resend code in {{time}}",
    sentTitle: "Verification Code Sent",
    sentBody: "Please check your email for the verification code.",
    resentTitle: "Code Resent",
    resentBody: "A new code is on its way to {{email}}.",
    waitTitle: "Please wait",
    waitBody: "You can request a new code once per minute.",
    invalidTitle: "Invalid Code",
    invalidBody: "The verification code you entered is incorrect. Please try again.",
    attemptsLeft_one: "{{count}} attempt left for this code.",
    attemptsLeft_other: "{{count}} attempts left for this code.",
    tooManyTitle: "Too many attempts",
    tooManyBody: "This code no longer works after too many incorrect tries. Request a new code to continue.",
    verified: "Email verified successfully!",
    timeoutTitle: "Verification Timeout",
    timeoutBody: "Verification code has expired. Please try signing up again.",
    sessionExpired: "Session expired",
    startAgain: "Start again",
    verificationFailed: "Verification failed",
  },
  details: {
    title: "Your details",
    intro: "Our team uses these details to plan your protection and to reach you. Your e-mail is confirmed.",
    name: "Full name",
    phone: "Phone number",
    streetAddress: "Street address",
    aptSuite: "Apt / Suite",
    city: "City",
    country: "Country",
    zipCode: "ZIP / Postcode",
    password: "Password",
    confirmPassword: "Re-type password",
    passwordHint: "At least 6 characters. Avoid common passwords.",
    submit: "Create account",
    creating: "Creating account...",
    fillAll: "Please fill in all required fields",
    created: "Account created successfully!",
    failed: "Failed to create account. Please try again.",
    signUpFailed: "Failed to sign up",
  },
  dialog: {
    signInTitle: "Sign in to continue",
    signInDescription: "Sign in to confirm your booking. Your selection is kept.",
    signUpTitle: "Create an account",
    signUpDescription: "Choose your e-mail and a password. We send a 4-digit code to confirm the address.",
    verifyTitle: "Verify Your Email",
    verifyDescription: "Enter the 4-digit code we sent to {{email}}.",
    profileTitle: "Complete Your Profile",
    profileDescription: "Last step: how the security team can reach you.",
    fullName: "Full name",
    phoneNumber: "Phone number",
    address: "Address",
    signIn: "Sign in",
    signingIn: "Signing in...",
    createAccount: "Create an account",
    noAccount: "New to Nordic Shield?",
    haveAccount: "Already have an account?",
    invalidCredentials: "Invalid email or password",
    failedSignIn: "Failed to sign in",
    close: "Close",
    confirmTitle: "Are you sure?",
    confirmBody: "If you close this dialog, all entered information will be lost.",
    cancel: "Cancel",
    yesClose: "Yes, close",
  },
  reset: {
    eyebrow: "Account security",
    title: "Choose a new password",
    intro: "Enter a new password for your account. Every other signed-in device is signed out afterwards.",
    newPassword: "New password",
    submit: "Reset password",
    saving: "Saving...",
    success: "Your password has been successfully reset. Please log in with your new password.",
    failure: "Failed to reset password. The reset link may have expired. Please request a new password reset link.",
  },
  session: {
    checking: "Checking your session...",
    inactivityTitle: "Signed out after inactivity",
    inactivityBody: "For your security you were signed out after 30 minutes without activity.",
  },
  logout: {
    working: "Signing you out...",
    successTitle: "Success",
    successBody: "You have been logged out successfully",
    errorTitle: "Error",
    errorBody: "Failed to log out. Please try again.",
    retry: "Try again",
    backToAccount: "Back to my account",
  },
  errors: {
    title: "Error",
    rateLimited: "Too many attempts. Please wait a few minutes and try again.",
    network: "We could not reach the server. Check your connection and try again.",
    generic: "Something went wrong. Please try again.",
    weakPassword: "This password is too easy to guess. Choose a longer or less common one.",
  },
  // The English of the schemas' message keys is written once, beside the schemas (ADR 027).
  validation: englishValidation,
};

registerTranslations("auth", { en: english, sv: () => import("./auth-sv.ts").then((module) => module.swedish) });

/** English message → translation key, for field errors the server answered in English. */
export const validationMessageKeys: Record<string, TranslationKey<"auth">> = Object.fromEntries(
  Object.entries(accountValidationMessages).map(([key, message]) => [message, key as keyof typeof accountValidationMessages]),
);

declare module "../../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    auth: typeof english;
  }
}
