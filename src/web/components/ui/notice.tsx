import { CircleAlert, Info, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

// An inline message box (docs/product.md §8 'Account Exists' notice, invalid code, timeout). role="alert"
// for problems so screen readers announce them; role="status" for neutral information.

type NoticeProps = { tone: "warning" | "error" | "info"; title: string; children?: ReactNode; testId?: string };

const toneClasses: Record<NoticeProps["tone"], string> = {
  warning: "border-gold-deep/50 bg-gold/15 text-ink",
  error: "border-red-800/40 bg-red-50 text-red-900",
  info: "border-ink-line/20 bg-white text-ink",
};

const toneIcons = { warning: TriangleAlert, error: CircleAlert, info: Info } as const;

export function Notice({ tone, title, children, testId }: NoticeProps) {
  const Icon = toneIcons[tone];
  return (
    <div
      role={tone === "info" ? "status" : "alert"}
      data-testid={testId}
      className={`rounded-md border px-4 py-3 text-sm ${toneClasses[tone]}`}
    >
      <div className="flex gap-2">
        <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{title}</p>
          {children && <div className="mt-1 space-y-2">{children}</div>}
        </div>
      </div>
    </div>
  );
}
