import { Outlet } from "react-router";
import { OperativeAreaShell } from "../features/operatives/area-shell.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [{ title: i18n.t("titles.operative") }];

// ADR 294: the area installs as an app of its own; the manifest is named on its pages only.
export const links = () => [
  { rel: "manifest", href: "/operative.webmanifest" },
  { rel: "apple-touch-icon", href: "/operative-icon-192.png" },
];

// The account layout (account-layout.tsx) guards the session; the area's API admits operatives only (ADR 160).
export default function Operative() {
  return (
    <OperativeAreaShell>
      <Outlet />
    </OperativeAreaShell>
  );
}
