import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../lib/i18n.ts";
import { unreadMessagesQuery } from "./api.ts";
import { threadNamespace } from "./thread-translations.ts";

// docs/product.md §12: the dashboard menu counts the customer's unread messages over all their
// bookings; the live stream keeps it current (threadKeysFor). Nothing shows when none are unread.
export function UnreadMessagesBadge() {
  const { t } = useTranslation(threadNamespace);
  const unread = useQuery(unreadMessagesQuery);
  const total = unread.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <span
      className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-gold px-1.5 text-[0.7rem] leading-5 font-bold text-ink"
      data-testid="menu-unread"
    >
      <span aria-hidden="true">{total > 99 ? "99+" : total}</span>
      <span className="sr-only">{t("menuUnread", { count: total })}</span>
    </span>
  );
}
