import { useQuery } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { ConsoleNav } from "../features/operator/console-nav.tsx";
import { AlarmBanner } from "../features/on-duty/alarm-banner.tsx";
import { i18n } from "../lib/i18n.ts";
import { sessionQuery } from "../lib/session.ts";

export const meta = () => [{ title: i18n.t("titles.operator") }];

// The operator layout (operator-layout.tsx) guards the staff roles; the console's screens nest here.
export default function Operator() {
  const { data: session } = useQuery(sessionQuery);
  // ADR 294: an application layout: the sections at the side on wide screens, the work full width.
  return (
    <div className="lg:grid lg:min-h-[calc(100vh-3.5rem)] lg:grid-cols-[12rem_minmax(0,1fr)]" data-work-screen="console">
      <div className="lg:border-r lg:border-ink-line/15 lg:bg-white">
        <ConsoleNav isAdmin={session?.status === "signed-in" && session.user.role === "admin"} />
      </div>
      <div className="min-w-0">
        {/* docs/on-duty.md: an alarm not yet acknowledged is on every console page. */}
        <AlarmBanner />
        <Outlet />
      </div>
    </div>
  );
}
