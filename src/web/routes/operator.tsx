import { Outlet } from "react-router";

export const meta = () => [{ title: "Operator console | Nordic Shield" }];

// The operator layout (operator-layout.tsx) guards the staff roles; the console's screens nest here.
export default function Operator() {
  return <Outlet />;
}
