import { Outlet } from "react-router";
import { RequireSession } from "../components/require-session.tsx";

// docs/product.md §2 and ADR 026: every screen of the account section needs a signed-in customer.
export default function AccountLayout() {
  return (
    <RequireSession>
      <Outlet />
    </RequireSession>
  );
}
