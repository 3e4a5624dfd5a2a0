import { lazy, Suspense, useState } from "react";
import type { AuthDialogProps } from "./auth-dialog.tsx";

// ADR 028 and ADR 020: the sign-in dialog (Radix dialog, the forms, zod) loads on its first open,
// so the booking page's first load carries none of it. Once opened it stays mounted, closed, so it
// keeps the behaviour of a dialog that was always there (focus return, reset on close).

const AuthDialog = lazy(() => import("./auth-dialog.tsx").then((module) => ({ default: module.AuthDialog })));

export function LazyAuthDialog(props: AuthDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialog {...props} />
    </Suspense>
  );
}
