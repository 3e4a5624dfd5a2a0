import { Siren } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import "./on-duty-translations.ts";

// The SOS control (docs/on-duty.md, ADR 285) cannot be pressed by accident: it fires only after it
// is held for `holdMs` (pointer, touch, or Space/Enter held down), with the progress shown and
// announced; letting go earlier cancels. A large target (WCAG 2.2, 2.5.8) with a text label.

const holdMs = 2000;

export function HoldToConfirmButton({ onConfirm, disabled, testId }: { onConfirm: () => void; disabled?: boolean; testId?: string }) {
  const { t } = useTranslation("onDuty");
  const [progress, setProgress] = useState(0);
  const [holding, setHolding] = useState(false);
  const confirm = useRef(onConfirm);
  useEffect(() => {
    confirm.current = onConfirm;
  }, [onConfirm]);
  // While held, an animation frame loop moves the progress; letting go (holding false) cancels it.
  useEffect(() => {
    if (!holding) return;
    const startedAt = performance.now();
    let frame = requestAnimationFrame(function tick(now: number) {
      const done = Math.min(1, Math.max(0, now - startedAt) / holdMs);
      setProgress(done);
      if (done >= 1) {
        setHolding(false);
        confirm.current();
        return;
      }
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
      setProgress(0);
    };
  }, [holding]);
  const begin = () => {
    if (!disabled) setHolding(true);
  };
  const stop = () => setHolding(false);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== " " && event.key !== "Enter") return;
    event.preventDefault();
    if (!event.repeat) begin();
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (event.key === " " || event.key === "Enter") stop();
  };
  const percent = Math.round(progress * 100);
  return (
    <div className="space-y-2">
      <button
        type="button"
        data-testid={testId}
        disabled={disabled}
        aria-describedby="sos-hold-hint"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId);
          begin();
        }}
        onPointerUp={stop}
        onPointerCancel={stop}
        onPointerLeave={stop}
        onContextMenu={(event) => event.preventDefault()}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onBlur={stop}
        className="relative flex min-h-20 w-full touch-none items-center justify-center gap-3 overflow-hidden rounded-2xl bg-red-700 px-6 text-lg font-bold tracking-wide text-white uppercase select-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-red-900 disabled:opacity-50"
      >
        <span aria-hidden="true" className="absolute inset-y-0 left-0 bg-red-950/60" style={{ width: `${percent}%` }} />
        <Siren className="relative h-7 w-7" aria-hidden="true" />
        <span className="relative">{progress > 0 ? t("sos.holding", { percent }) : t("sos.hold")}</span>
      </button>
      <div
        role="progressbar"
        aria-label={t("sos.hold")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="sr-only"
      />
      <p id="sos-hold-hint" className="text-sm text-stone">
        {t("sos.holdHint")} {t("sos.keyboardHint")}
      </p>
    </div>
  );
}
