import { LogoutPage } from "../features/auth/logout-page.tsx";

export const meta = () => [{ title: "Signing out | Nordic Shield" }];

export default function Logout() {
  return <LogoutPage />;
}
