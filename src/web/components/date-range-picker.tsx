import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { formatLocalDay } from "../../shared/time.ts";
import { registerTranslations, useTranslation } from "../lib/i18n.ts";
import { monthsToShow, type DateRange } from "./date-range-rules.ts";

export { fromIsoDay, toIsoDay, type DateRange } from "./date-range-rules.ts";

export const english = {
  checkIn: "Check-in",
  checkOut: "Check-out",
  addDate: "Add date",
  dialog: "Choose your dates",
  chooseStart: "Choose the first day of protection.",
  chooseEnd: "Now choose the last day (optional for a single day).",
  close: "Close",
  loading: "Loading calendar…",
};

registerTranslations("date-range-picker", { en: english, sv: () => import("./date-range-picker-sv.ts").then((module) => module.swedish) });

declare module "../lib/i18n.ts" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only interfaces merge (ADR 203)
  interface TranslationNamespaces {
    "date-range-picker": typeof english;
  }
}

// ADR 020: the calendar (react-day-picker and its CSS) loads on first open or on hover/focus intent.
const loadCalendar = () => import("./date-range-calendar.tsx");
const DateRangeCalendar = lazy(loadCalendar);

export type DateRangePickerLabels = Partial<{ checkIn: string; checkOut: string; placeholder: string; dialog: string }>;

export type DateRangePickerProps = {
  value: DateRange;
  onChange(range: DateRange): void;
  labels?: DateRangePickerLabels;
  id?: string;
};

type Trigger = "check-in" | "check-out";

/**
 * docs/product.md §4 date-range picker: check-in / check-out buttons opening a calendar popover (a dialog;
 * Escape or a click outside closes it and focus returns to the button that opened it).
 */
export function DateRangePicker({ value, onChange, labels, id }: DateRangePickerProps) {
  const { t, i18n } = useTranslation("date-range-picker");
  const generatedId = useId();
  const baseId = id ?? `date-range-${generatedId.replace(/:/g, "")}`;
  const [openedBy, setOpenedBy] = useState<Trigger | null>(null);
  const [numberOfMonths, setNumberOfMonths] = useState<1 | 2>(1);
  const rootRef = useRef<HTMLDivElement>(null);
  const checkInRef = useRef<HTMLButtonElement>(null);
  const checkOutRef = useRef<HTMLButtonElement>(null);
  const open = openedBy !== null;

  const close = useCallback(
    (returnFocus: boolean) => {
      const trigger = openedBy === "check-out" ? checkOutRef.current : checkInRef.current;
      setOpenedBy(null);
      if (returnFocus) trigger?.focus();
    },
    [openedBy],
  );

  // docs/product.md §4: two months at ≥768 px, one below; follows the window while the popover is open.
  useEffect(() => {
    if (!open) return;
    const media = window.matchMedia("(min-width: 768px)");
    const update = () => setNumberOfMonths(monthsToShow(media.matches ? 768 : 0));
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, [open]);

  // A click outside closes without moving focus (the visitor chose another place to be).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) close(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, close]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      close(true);
    }
  }

  function toggle(trigger: Trigger) {
    if (openedBy === trigger) setOpenedBy(null);
    else setOpenedBy(trigger);
  }

  const language = i18n.language;
  const placeholder = labels?.placeholder ?? t("addDate");
  const dialogId = `${baseId}-dialog`;

  const triggerClass =
    "flex min-h-11 w-full flex-col items-start rounded-md border border-ink-line/30 bg-white px-3 py-1.5 text-left hover:border-gold focus-visible:border-gold aria-expanded:border-gold";

  function renderTrigger(trigger: Trigger, date: Date | undefined, label: string) {
    return (
      <button
        ref={trigger === "check-in" ? checkInRef : checkOutRef}
        id={`${baseId}-${trigger}`}
        type="button"
        className={triggerClass}
        aria-haspopup="dialog"
        aria-expanded={openedBy === trigger}
        aria-controls={openedBy === trigger ? dialogId : undefined}
        onClick={() => toggle(trigger)}
        onPointerEnter={() => void loadCalendar()}
        onFocus={() => void loadCalendar()}
        data-testid={`date-range-${trigger}`}
      >
        <span className="text-[0.7rem] font-semibold tracking-[0.15em] text-stone uppercase">{label}</span>
        <span className={date ? "text-sm text-ink" : "text-sm text-stone"}>{date ? formatLocalDay(date, language) : placeholder}</span>
      </button>
    );
  }

  return (
    <div
      ref={rootRef}
      className="relative"
      id={baseId}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the picker closes the popover (focus has already moved on).
        const next = event.relatedTarget;
        if (open && next instanceof Node && !event.currentTarget.contains(next)) close(false);
      }}
    >
      <div className="grid grid-cols-2 gap-2">
        {renderTrigger("check-in", value.from, labels?.checkIn ?? t("checkIn"))}
        {renderTrigger("check-out", value.to, labels?.checkOut ?? t("checkOut"))}
      </div>
      {open && (
        <div
          id={dialogId}
          role="dialog"
          aria-label={labels?.dialog ?? t("dialog")}
          className="absolute top-full left-0 z-50 mt-2 w-max max-w-[calc(100vw-2.5rem)] rounded-lg border border-ink-line/20 bg-white p-3 text-ink shadow-2xl sm:p-4"
          data-testid="date-range-dialog"
        >
          <Suspense
            fallback={
              <p role="status" className="flex h-72 w-72 items-center justify-center text-sm text-stone">
                {t("loading")}
              </p>
            }
          >
            <DateRangeCalendar
              value={value}
              language={language}
              numberOfMonths={numberOfMonths}
              onClickResult={(range, complete) => {
                onChange(range);
                if (complete) close(true);
              }}
            />
          </Suspense>
          <div className="mt-2 flex items-center justify-between gap-4 border-t border-ink-line/10 pt-3">
            <p className="text-xs text-stone" aria-live="polite">
              {value.from && !value.to ? t("chooseEnd") : t("chooseStart")}
            </p>
            <button
              type="button"
              className="rounded px-2 py-1 text-xs font-semibold tracking-wider text-ink uppercase underline-offset-2 hover:underline"
              onClick={() => close(true)}
            >
              {t("close")}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
