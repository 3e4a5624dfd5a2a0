import { useId } from "react";

const starPath = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

/** docs/product.md §9: ratings on a 0–5 scale with half stars; the label is read instead of the stars. */
export function StarRating({ rating, label }: { rating: number; label: string }) {
  const clipId = `half-star-${useId().replace(/:/g, "")}`;
  return (
    <span role="img" aria-label={label} className="inline-flex gap-0.5 text-gold" data-rating={rating}>
      {[1, 2, 3, 4, 5].map((position) => {
        const fill = rating >= position ? "full" : rating >= position - 0.5 ? "half" : "empty";
        return (
          <svg key={position} viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" data-fill={fill}>
            {fill === "half" && (
              <defs>
                <clipPath id={clipId}>
                  <rect x="0" y="0" width="12" height="24" />
                </clipPath>
              </defs>
            )}
            <path d={starPath} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
            {fill !== "empty" && <path d={starPath} fill="currentColor" clipPath={fill === "half" ? `url(#${clipId})` : undefined} />}
          </svg>
        );
      })}
    </span>
  );
}
