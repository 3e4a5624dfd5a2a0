import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import "../../lib/session-translations.ts";
import { Button } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";

// ADR 118 (WCAG 2.2 2.2.1 Timing Adjustable): before the inactivity sign-out the person is told how
// long is left and can stay signed in with one press. Escape and a click outside mean "stay": the only way to sign out from here is to say so, or to let the time run out.

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
  const { t } = useTranslation("session");
  const [seconds, setSeconds] = useState(() => secondsLeft(endsAt));
  useEffect(() => {
    const timer = window.setInterval(() => setSeconds(secondsLeft(endsAt)), 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  return (
    <Dialog open onRequestClose={onStay} title={t("warning.title")} description={t("warning.body")} testId="inactivity-warning">
      {/* Not a live region: a countdown read out every second would drown the page. */}
      <p className="text-center font-display text-4xl text-ink tabular-nums" data-testid="inactivity-countdown">
        <span className="sr-only">{t("warning.timeLeft")} </span>
        {minutesAndSeconds(seconds)}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" className="text-ink" onClick={onSignOut}>
          {t("warning.signOut")}
        </Button>
        <Button variant="secondary" onClick={onStay} data-autofocus>
          {t("warning.stay")}
        </Button>
      </div>
    </Dialog>
  );
}
