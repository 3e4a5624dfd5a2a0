import { queryOptions, useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { LiveEvent } from "../../../shared/booking-lifecycle.ts";
import type { BookingThread, ThreadMessage, ThreadMessageInput, UnreadMessages } from "../../../shared/booking-messages.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { invalidateAfterWrite } from "../../lib/query-client.ts";

// docs/product.md §12: the thread's server calls. The customer's side is under /api/bookings, staff's
// under /api/admin/bookings; the live stream (ADR 092) makes a thread stale when a message arrives.

/** Whose side the screen is: the customer's dashboard or the operator console. */
export type ThreadScope = "customer" | "staff";

const base = (scope: ThreadScope, bookingId: string) =>
  `${scope === "customer" ? "/api/bookings" : "/api/admin/bookings"}/${encodeURIComponent(bookingId)}/messages`;

const threadKey = (scope: ThreadScope, bookingId: string) => ["booking-thread", scope, bookingId] as const;
const unreadKey = ["booking-thread", "unread"] as const;

/** What a live event makes stale: a new message refreshes that booking's thread and the unread badge. */
export function threadKeysFor(event: LiveEvent): QueryKey[] {
  if (event.type !== "booking.message" || !event.bookingId) return [];
  return [["booking-thread", "customer", event.bookingId], ["booking-thread", "staff", event.bookingId], unreadKey];
}

export const threadQuery = (scope: ThreadScope, bookingId: string) =>
  queryOptions({
    queryKey: threadKey(scope, bookingId),
    queryFn: () => apiRequest<BookingThread>(base(scope, bookingId)),
    meta: { inlineErrors: true },
  });

/** GET /api/bookings/messages/unread: the customer's unread messages (the menu's badge). */
export const unreadMessagesQuery = queryOptions({
  queryKey: unreadKey,
  queryFn: () => apiRequest<UnreadMessages>("/api/bookings/messages/unread"),
  meta: { inlineErrors: true },
});

export function useSendMessage(scope: ThreadScope, bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ThreadMessageInput) => apiRequest<ThreadMessage>(base(scope, bookingId), { body: input }),
    onSuccess: (message) => {
      queryClient.setQueryData(threadKey(scope, bookingId), (thread: BookingThread | undefined) =>
        thread && !thread.messages.some((entry) => entry.id === message.id)
          ? { ...thread, messages: [...thread.messages, message] }
          : thread,
      );
    },
  });
}

/** Read receipts: the thread is on screen up to `lastSeenId`. */
export function useMarkThreadRead(scope: ThreadScope, bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lastSeenId: number) => apiRequest<{ unread: number }>(`${base(scope, bookingId)}/read`, { body: { lastSeenId } }),
    onSuccess: async ({ unread }) => {
      queryClient.setQueryData(threadKey(scope, bookingId), (thread: BookingThread | undefined) => thread && { ...thread, unread });
      // The badges elsewhere: the dashboard menu, the console's queue and booking.
      await invalidateAfterWrite(queryClient, { queryKey: scope === "customer" ? unreadKey : ["admin", "bookings"] });
    },
  });
}
