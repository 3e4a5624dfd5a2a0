import type { ButtonHTMLAttributes, Ref } from "react";
import { classNames } from "./class-names.ts";
import { Spinner } from "./spinner.tsx";

// The one button of the product (ADR 028). Variants follow the black and gold palette of app.css;
// every size keeps the 44 px minimum target of WCAG 2.2 (2.5.8) except `sm`, which is for dense
// tables and inline actions where a 40 px target is enough.

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "danger" | "link" | "link-muted";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and disables the button while an action runs. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

// The filled and outlined looks are the `.button-*` classes of app.css (one definition, also used
// by router links on the prerendered pages); sizes other than `md` override their padding.
const variants: Record<ButtonVariant, string> = {
  primary: "button-gold",
  secondary: "button-dark",
  outline: "button-outline",
  danger: "button-danger",
  ghost:
    "inline-flex items-center justify-center gap-2 rounded-md font-semibold text-stone transition-colors hover:bg-ink/5 hover:text-ink disabled:cursor-not-allowed disabled:opacity-60",
  link: "inline-flex items-center gap-2 rounded px-2 py-2 text-sm font-medium text-gold-deep underline underline-offset-4 hover:text-ink aria-disabled:cursor-not-allowed aria-disabled:text-stone",
  "link-muted": "inline-flex items-center gap-2 rounded px-2 py-2 text-sm text-stone underline underline-offset-4 hover:text-ink",
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-10 px-4 py-2",
  md: "",
  lg: "min-h-12 px-8 py-3 text-base",
  icon: "h-11 w-11 shrink-0 px-0 py-0",
};

/** The class list of a kit button, for a router `<Link>` that must look like one. */
export function buttonClassName({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  const isLink = variant === "link" || variant === "link-muted";
  return classNames(
    variants[variant],
    isLink ? null : variant === "ghost" && size === "md" ? "min-h-11 px-4 py-2.5 text-sm" : sizes[size],
    className,
  );
}

export function Button({
  variant = "primary",
  size = "md",
  loading = false,
  disabled,
  type = "button",
  className,
  children,
  ref,
  ...rest
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClassName({ variant, size, className })}
      {...rest}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
