import { LogoutPage } from "../features/auth/logout-page.tsx";

export default function Logout() {
  return <LogoutPage />;
}
