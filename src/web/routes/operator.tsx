import { Outlet } from "react-router";
import { ConsoleNav } from "../features/operator/console-nav.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [{ title: i18n.t("titles.operator") }];

// The operator layout (operator-layout.tsx) guards the staff roles; the console's screens nest here.
export default function Operator() {
  return (
    <>
      <ConsoleNav />
      <Outlet />
    </>
  );
}
