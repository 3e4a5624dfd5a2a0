import { classNames } from "../../../components/ui/class-names.ts";

// docs/product.md §2 avatar: a round picture, or the first letter of the full name ('U' if there is none).

const sizes = { sm: "h-10 w-10 text-base", md: "h-16 w-16 text-2xl", lg: "h-24 w-24 text-4xl" } as const;

export function initialOf(name: string | null | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toLocaleUpperCase() : "U";
}

/** Decorative by default: the name beside it says who it is. `alt` makes the picture speak. */
export function ProfileAvatar({
  name,
  avatarUrl,
  size = "md",
  alt,
}: {
  name: string | null | undefined;
  avatarUrl: string | null | undefined;
  size?: keyof typeof sizes;
  alt?: string;
}) {
  const box = classNames("inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full", sizes[size]);
  if (avatarUrl) {
    return <img src={avatarUrl} alt={alt ?? ""} className={classNames(box, "bg-mist/30 object-cover")} data-testid="avatar-image" />;
  }
  return (
    <span className={classNames(box, "bg-ink font-semibold text-gold")} aria-hidden={alt ? undefined : true} data-testid="avatar-initial">
      {alt && <span className="sr-only">{alt}</span>}
      <span aria-hidden="true">{initialOf(name)}</span>
    </span>
  );
}
