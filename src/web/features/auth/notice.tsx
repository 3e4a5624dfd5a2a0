import type { ReactNode } from "react";

// An inline message box (SPEC §8 'Account Exists' notice, invalid code, timeout). role="alert"
// for problems so screen readers announce them; role="status" for neutral information.

type NoticeProps = { tone: "warning" | "error" | "info"; title: string; children?: ReactNode; testId?: string };

const toneClasses: Record<NoticeProps["tone"], string> = {
  warning: "border-gold-deep/50 bg-gold/15 text-ink",
  error: "border-red-800/40 bg-red-50 text-red-900",
  info: "border-ink-line/20 bg-white text-ink",
};

export function Notice({ tone, title, children, testId }: NoticeProps) {
  return (
    <div
      role={tone === "info" ? "status" : "alert"}
      data-testid={testId}
      className={`rounded-md border px-4 py-3 text-sm ${toneClasses[tone]}`}
    >
      <p className="font-semibold">{title}</p>
      {children && <div className="mt-1 space-y-2">{children}</div>}
    </div>
  );
}

export function Spinner() {
  return <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />;
}
