import { useEffect, useState } from "react";
import { registerTranslations, useTranslation } from "../lib/i18n.ts";
import { Button } from "./ui/button.tsx";
import { Dialog } from "./ui/dialog.tsx";

// Outside components/layout on purpose: that folder is part of every page's app-shell chunk
// (vite.config.ts), and this dialog, with Radix, loads only when the warning is due.
// ADR 118 (WCAG 2.2 2.2.1 Timing Adjustable): before the inactivity sign-out the person is told how
// long is left and can stay signed in with one press. Escape and a click outside mean "stay": the only way to sign out from here is to say so, or to let the time run out.

// Its words travel with it, not in the shell every page loads (ADR 085 budgets).
export const english = {
  title: "Are you still there?",
  body: "For your security we sign you out after 30 minutes without activity. Choose Stay signed in to keep working.",
  timeLeft: "Time left before you are signed out:",
  stay: "Stay signed in",
  signOut: "Sign out now",
};

registerTranslations("inactivity-warning", {
  en: english,
  sv: () => import("./inactivity-warning-dialog-sv.ts").then((module) => module.swedish),
});

declare module "../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "inactivity-warning": typeof english;
  }
}

type InactivityWarningDialogProps = {
  /** When the session ends (epoch milliseconds). */
  endsAt: number;
  onStay: () => void;
  onSignOut: () => void;
};

function secondsLeft(endsAt: number): number {
  return Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
}

function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export default function InactivityWarningDialog({ endsAt, onStay, onSignOut }: InactivityWarningDialogProps) {
  const { t } = useTranslation("inactivity-warning");
  const [seconds, setSeconds] = useState(() => secondsLeft(endsAt));
  useEffect(() => {
    const timer = window.setInterval(() => setSeconds(secondsLeft(endsAt)), 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  return (
    <Dialog open onRequestClose={onStay} title={t("title")} description={t("body")} testId="inactivity-warning">
      {/* Not a live region: a countdown read out every second would drown the page. */}
      <p className="text-center font-display text-4xl text-ink tabular-nums" data-testid="inactivity-countdown">
        <span className="sr-only">{t("timeLeft")} </span>
        {minutesAndSeconds(seconds)}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" className="text-ink" onClick={onSignOut}>
          {t("signOut")}
        </Button>
        <Button variant="secondary" onClick={onStay} data-autofocus>
          {t("stay")}
        </Button>
      </div>
    </Dialog>
  );
}
