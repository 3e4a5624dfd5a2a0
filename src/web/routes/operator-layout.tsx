import { Outlet } from "react-router";
import { RequireSession } from "../components/require-session.tsx";
import { staffRoles } from "../../shared/roles.ts";

// ADR 026: the operator console is for staff roles. The guard here only decides what the browser
// shows; the console's API answers 403 to anyone else on its own (ARCHITECTURE.md, guards).
export default function OperatorLayout() {
  return (
    <RequireSession roles={staffRoles}>
      <Outlet />
    </RequireSession>
  );
}
