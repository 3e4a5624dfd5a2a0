import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";

// ADR 040: modals are the native <dialog> element opened with showModal(). The browser then puts
// it in the top layer and makes the rest of the page inert, so screen readers and the keyboard stay
// inside; we add Tab wrapping (no escape to the page behind), route Escape and backdrop clicks
// through `onRequestClose` (so a caller can ask "Are you sure?" first) and lock page scrolling.

const focusableSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

export type ModalProps = {
  open: boolean;
  /** Called on Escape, on a backdrop click and by the close button; the caller decides. */
  onRequestClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Accessible name of the close (X) button; no button when omitted. */
  closeLabel?: string;
  /** "alertdialog" for confirmations that need an answer. */
  role?: "dialog" | "alertdialog";
  className?: string;
  testId?: string;
};

export function Modal({ open, onRequestClose, title, description, children, closeLabel, role = "dialog", className, testId }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      const root = document.documentElement;
      const previousOverflow = root.style.overflow;
      root.style.overflow = "hidden";
      return () => {
        root.style.overflow = previousOverflow;
        if (dialog.open) dialog.close();
        // Give focus back to what opened the dialog (WAI-ARIA dialog pattern).
        previouslyFocused?.focus();
      };
    }
    return undefined;
  }, [open]);

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === "Escape") {
      // Handled here rather than by the native cancel so a confirmation can be asked every time.
      event.preventDefault();
      event.stopPropagation();
      onRequestClose();
      return;
    }
    if (event.key !== "Tab") return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>(focusableSelector)].filter((element) => element.offsetParent !== null);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function handleClick(event: MouseEvent<HTMLDialogElement>) {
    // A click on the ::backdrop is reported on the dialog element itself.
    if (event.target === dialogRef.current) onRequestClose();
  }

  if (!open) return null;

  return (
    <dialog
      ref={dialogRef}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      onKeyDown={handleKeyDown}
      onClick={handleClick}
      onCancel={(event) => {
        event.preventDefault();
        onRequestClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md overflow-y-auto rounded-xl border border-gold/30 bg-paper p-0 text-ink shadow-2xl backdrop:bg-black/75 ${className ?? ""}`}
    >
      <div className="relative p-6 sm:p-8">
        {closeLabel && (
          <button
            type="button"
            onClick={() => onRequestClose()}
            aria-label={closeLabel}
            className="absolute top-3 right-3 inline-flex h-11 w-11 items-center justify-center rounded-md text-stone hover:bg-ink/5 hover:text-ink"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        )}
        <h2 id={titleId} className="pr-10 text-2xl text-ink">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-2 text-sm text-stone">
            {description}
          </p>
        )}
        <div className="mt-6">{children}</div>
      </div>
    </dialog>
  );
}
