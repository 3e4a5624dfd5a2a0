import { LoaderCircle } from "lucide-react";
import { classNames } from "./class-names.ts";

/** A decorative spinner; the busy state itself is announced by the control (aria-busy) or text. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle className={classNames("h-4 w-4 shrink-0 animate-spin", className)} aria-hidden="true" />;
}
