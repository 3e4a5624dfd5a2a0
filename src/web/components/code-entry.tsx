import { useEffect, useRef, type ActionDispatch } from "react";
import type { CodeEntryAction, CodeEntryState } from "./code-entry-reducer.ts";

// docs/product.md §5: four boxes, one digit each. The behaviour is the pure reducer in code-entry-reducer.ts;
// this component only forwards keyboard, input and paste events and moves the focus it asks for.
// Shared by sign-up's verification step and the profile's additional e-mails; each names the boxes
// in its own words (`digitLabel`).

type CodeEntryProps = {
  state: CodeEntryState;
  dispatch: ActionDispatch<[action: CodeEntryAction]>;
  labelId: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
  /** Called with Enter when all boxes are filled. */
  onComplete?: () => void;
  /** Accessible name of one box, e.g. "Digit 1 of 4". */
  digitLabel: (position: number, total: number) => string;
};

export function CodeEntry({
  state,
  dispatch,
  labelId,
  disabled,
  invalid,
  describedBy,
  autoFocus = true,
  onComplete,
  digitLabel,
}: CodeEntryProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const mounted = useRef(false);

  useEffect(() => {
    // Move focus where the reducer says, but never steal it on first render unless asked.
    if (!mounted.current) {
      mounted.current = true;
      if (!autoFocus) return;
    }
    const input = inputs.current[state.focusIndex];
    if (input && document.activeElement !== input) input.focus();
    input?.select();
  }, [state, autoFocus]);

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy} className="flex justify-center gap-3 sm:gap-4">
      {state.digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            inputs.current[index] = element;
          }}
          value={digit}
          disabled={disabled}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? "one-time-code" : "off"}
          aria-label={digitLabel(index + 1, state.digits.length)}
          aria-invalid={invalid ? true : undefined}
          data-testid={`code-digit-${index + 1}`}
          className={`h-14 w-12 rounded-md border bg-white text-center text-2xl font-semibold text-ink focus:border-gold focus-visible:outline-3 focus-visible:outline-gold sm:h-16 sm:w-14 ${
            invalid ? "border-red-700" : "border-ink-line/40"
          }`}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => dispatch({ type: "input", index, value: event.currentTarget.value })}
          onPaste={(event) => {
            event.preventDefault();
            dispatch({ type: "paste", index, text: event.clipboardData.getData("text") });
          }}
          onKeyDown={(event) => {
            if (event.key === "Backspace" && event.currentTarget.value === "") {
              event.preventDefault();
              dispatch({ type: "backspace", index });
            } else if (event.key === "ArrowLeft" && index > 0) {
              event.preventDefault();
              inputs.current[index - 1]?.focus();
            } else if (event.key === "ArrowRight" && index < state.digits.length - 1) {
              event.preventDefault();
              inputs.current[index + 1]?.focus();
            } else if (event.key === "Enter" && onComplete) {
              event.preventDefault();
              onComplete();
            }
          }}
        />
      ))}
    </div>
  );
}
