/** Joins the truthy class names; the kit's components merge a caller's `className` with it. */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
