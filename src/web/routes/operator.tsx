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
  return (
    <>
      {/* docs/on-duty.md: an alarm not yet acknowledged is on every console page. */}
      <AlarmBanner />
      <ConsoleNav isAdmin={session?.status === "signed-in" && session.user.role === "admin"} />
      <Outlet />
    </>
  );
}
