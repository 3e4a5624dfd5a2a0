import { Outlet } from "react-router";

// ADR 001 and ADR 026: the public section is prerendered and needs no session; its screens must not
// use TanStack Query on first paint (ADR 022), which is loaded for the other sections only.
export default function PublicLayout() {
  return <Outlet />;
}
