import type { ActionDispatch } from "react";
import type { CodeEntryAction, CodeEntryState } from "./code-entry-reducer.ts";

// ADR 116 (WCAG 2.2 3.3.8 Accessible Authentication): the e-mailed code is ONE field, named by the
// caller's label, with `autocomplete="one-time-code"` so the phone offers the code from the mail,
// and `inputmode="numeric"` for the digit keyboard. No maxLength: a pasted " 1234 " must reach the
// reducer whole to be reduced to its digits. Shared by sign-up's verification step and the
// profile's additional e-mails.

type CodeEntryProps = {
  state: CodeEntryState;
  dispatch: ActionDispatch<[action: CodeEntryAction]>;
  /** The id of the visible label that names the field. */
  labelId: string;
  id?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  autoFocus?: boolean;
  /** Called with Enter when the whole code is there. */
  onComplete?: () => void;
  /** Where the field sits: centred on its own (the sign-up step) or inline beside a button. */
  placement?: "centred" | "inline";
};

export function CodeEntry({
  state,
  dispatch,
  labelId,
  id,
  disabled,
  invalid,
  describedBy,
  autoFocus = true,
  onComplete,
  placement = "centred",
}: CodeEntryProps) {
  return (
    <input
      id={id}
      type="text"
      value={state.code}
      disabled={disabled}
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      spellCheck={false}
      aria-labelledby={labelId}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      data-testid="code-input"
      className={`${placement === "centred" ? "mx-auto block w-full max-w-[12rem]" : "w-40"} h-14 rounded-md border bg-white px-3 text-center font-mono text-2xl font-semibold tracking-[0.5em] text-ink focus:border-gold focus-visible:outline-3 focus-visible:outline-gold ${
        invalid ? "border-red-700" : "border-ink-line/40"
      }`}
      onChange={(event) => dispatch({ type: "input", value: event.currentTarget.value })}
      onKeyDown={(event) => {
        if (event.key === "Enter" && onComplete) {
          event.preventDefault();
          onComplete();
        }
      }}
    />
  );
}
