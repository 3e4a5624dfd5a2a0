import { Minus, Plus } from "lucide-react";
import { useId } from "react";
import { RadioGroup } from "../../components/ui/radio-group.tsx";

// Small accessible controls of the service cards: a kit radio group drawn as segmented buttons
// (native radios, so arrow keys move between choices), a number stepper with labelled buttons,
// and a read-only value.

export type Choice<Value extends string> = { value: Value; label: string };

/** A segmented kit radio group; the name is made unique, as every card has the same options. */
export function ChoiceGroup<Value extends string>({
  legend,
  choices,
  value,
  onChange,
  name,
}: {
  legend: string;
  choices: Choice<Value>[];
  value: Value | undefined;
  onChange(value: Value): void;
  name: string;
}) {
  const groupName = `${name}-${useId().replace(/:/g, "")}`;
  return <RadioGroup variant="segmented" legend={legend} options={choices} name={groupName} value={value} onValueChange={onChange} />;
}

export function NumberStepper({
  label,
  value,
  min,
  max,
  onChange,
  decreaseLabel,
  increaseLabel,
  valueText,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(value: number): void;
  decreaseLabel: string;
  increaseLabel: string;
  valueText: string;
}) {
  const labelId = useId();
  const buttonClass =
    "flex h-10 w-10 items-center justify-center rounded-md border border-ink-line/25 bg-white text-lg leading-none text-ink hover:border-gold disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <div className="min-w-0">
      <p id={labelId} className="mb-1.5 text-xs font-semibold tracking-[0.15em] text-stone uppercase">
        {label}
      </p>
      <div className="flex items-center gap-2" role="group" aria-labelledby={labelId}>
        <button
          type="button"
          className={buttonClass}
          aria-label={decreaseLabel}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          <Minus className="h-4 w-4" aria-hidden="true" />
        </button>
        <output className="min-w-20 text-center text-sm font-semibold whitespace-nowrap tabular-nums" aria-live="polite">
          {valueText}
        </output>
        <button
          type="button"
          className={buttonClass}
          aria-label={increaseLabel}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

export function ReadOnlyValue({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="min-w-0">
      <p className="mb-1.5 text-xs font-semibold tracking-[0.15em] text-stone uppercase">{label}</p>
      <p className="flex min-h-10 items-center rounded-md border border-dashed border-ink-line/25 bg-paper px-3 text-sm text-ink">
        {value}
      </p>
      {note && <p className="mt-1 text-xs text-stone">{note}</p>}
    </div>
  );
}
