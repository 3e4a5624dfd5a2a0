import { Outlet } from "react-router";
export default function CustomerDashboard() {
  return <Outlet />;
}
