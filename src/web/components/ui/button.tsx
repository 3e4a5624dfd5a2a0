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

const base =
  "inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-gold tracking-wider text-ink uppercase hover:bg-gold-strong",
  secondary: "bg-ink tracking-wider text-paper uppercase hover:bg-ink-soft",
  outline: "border border-current tracking-wider uppercase hover:bg-ink/5",
  ghost: "text-stone hover:bg-ink/5 hover:text-ink",
  danger: "bg-red-800 tracking-wider text-white uppercase hover:bg-red-900",
  link: "font-medium text-gold-deep underline underline-offset-4 hover:text-ink aria-disabled:text-stone",
  "link-muted": "font-normal text-stone underline underline-offset-4 hover:text-ink",
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-10 px-4 py-2 text-xs",
  md: "min-h-11 px-6 py-2.5 text-sm",
  lg: "min-h-12 px-8 py-3 text-base",
  icon: "h-11 w-11 shrink-0",
};

/** The class list of a kit button, for a router `<Link>` that must look like one. */
export function buttonClassName({ variant = "primary", size = "md", className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return classNames(base, variants[variant], variant === "link" || variant === "link-muted" ? "rounded px-2 py-2 text-sm" : sizes[size], className);
}

export function Button({ variant = "primary", size = "md", loading = false, disabled, type = "button", className, children, ref, ...rest }: ButtonProps) {
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
