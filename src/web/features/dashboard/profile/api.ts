import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AccountProfile } from "../../../../shared/account.ts";
import type { NotificationPreferences, NotificationSettings, ProfileEmail, ProfileUpdate } from "../../../../shared/profile.ts";
import { subscribeThisDevice, unsubscribeThisDevice, currentSubscription } from "../../../lib/web-push.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { invalidateAfterWrite } from "../../../lib/query-client.ts";
import { profileQuery } from "../api.ts";

// The profile's server calls (ADR 025; docs/product.md §2 customer dashboard). Every answer updates the query
// cache in place, so the page never reloads (an avatar change included). Failures reach the
// customer through query-client.ts's one handler under each call's own title; field errors are
// shown beside the field instead.

const emailsKey = ["account", "profile", "emails"] as const;
const notificationsKey = ["account", "profile", "notifications"] as const;

/** Field errors (400 with fields) are shown by the form itself; anything else becomes a toast. */
const fieldErrorsInline = {
  inlineErrors: (error: { status: number; fields: Record<string, string> }) => error.status === 400 && Object.keys(error.fields).length > 0,
};

export const emailsQuery = queryOptions({
  queryKey: emailsKey,
  queryFn: () => apiRequest<ProfileEmail[]>("/api/profile/emails"),
  meta: { inlineErrors: true },
});

export const notificationsQuery = queryOptions({
  queryKey: notificationsKey,
  queryFn: () => apiRequest<NotificationSettings>("/api/profile/notifications"),
  meta: { inlineErrors: true },
});

/** PATCH /api/profile: one field (Contact Details) or several (Personal Information). */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdate) => apiRequest<AccountProfile>("/api/profile", { method: "PATCH", body: changes }),
    onSuccess: (profile) => {
      client.setQueryData(profileQuery.queryKey, profile);
      // The name shown by the session (greeting, header) follows the profile's. Not through
      // invalidateAfterWrite: the session's readers await its first load (src/web/lib/query-client.ts).
      // eslint-disable-next-line no-restricted-properties -- the session query, see above
      void client.invalidateQueries({ queryKey: ["session"] });
    },
    meta: { errorTitleKey: "profile:updateFailed", ...fieldErrorsInline },
  });
}

function useEmailMutation<Variables, Result extends ProfileEmail | { ok: true }>(
  request: (variables: Variables) => Promise<Result>,
  inline = true,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => invalidateAfterWrite(client, { queryKey: emailsKey }),
    meta: { errorTitleKey: "profile:emails.failed", ...(inline && fieldErrorsInline) },
  });
}

export const useAddEmail = () => useEmailMutation((email: string) => apiRequest<ProfileEmail>("/api/profile/emails", { body: { email } }));
export const useChangeEmail = () =>
  useEmailMutation(({ id, email }: { id: string; email: string }) =>
    apiRequest<ProfileEmail>(`/api/profile/emails/${encodeURIComponent(id)}`, { method: "PATCH", body: { email } }),
  );
export const useDeleteEmail = () =>
  useEmailMutation((id: string) => apiRequest<{ ok: true }>(`/api/profile/emails/${encodeURIComponent(id)}`, { method: "DELETE" }), false);
export const useResendEmailCode = () =>
  useEmailMutation(
    (id: string) => apiRequest<ProfileEmail>(`/api/profile/emails/${encodeURIComponent(id)}/code`, { method: "POST" }),
    false,
  );
export const useVerifyEmail = () =>
  useEmailMutation(({ id, code }: { id: string; code: string }) =>
    apiRequest<ProfileEmail>(`/api/profile/emails/${encodeURIComponent(id)}/verify`, { body: { code } }),
  );

/** POST /api/profile/avatar with the picture as the body; the profile's avatarUrl gets the new version. */
export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => apiRequest<{ avatarUrl: string }>("/api/profile/avatar", { method: "POST", body: file }),
    onSuccess: ({ avatarUrl }) => client.setQueryData(profileQuery.queryKey, (profile) => (profile ? { ...profile, avatarUrl } : profile)),
    meta: { errorTitleKey: "profile:avatar.uploadFailed" },
  });
}

export function useRemoveAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ok: true }>("/api/profile/avatar", { method: "DELETE" }),
    onSuccess: () => client.setQueryData(profileQuery.queryKey, (profile) => (profile ? { ...profile, avatarUrl: null } : profile)),
    meta: { errorTitleKey: "profile:avatar.removeFailed" },
  });
}

/** PUT /api/profile/notifications, shown at once and put back if the server refuses (docs/product.md §2 'saved at once'). */
export function useSaveNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ emailNotifications, pushNotifications, channels, quietHours }: NotificationSettings) => {
      const body: NotificationPreferences = { emailNotifications, pushNotifications, channels, quietHours };
      return apiRequest<NotificationSettings>("/api/profile/notifications", { method: "PUT", body });
    },
    onMutate: async (preferences) => {
      await client.cancelQueries({ queryKey: notificationsKey });
      const previous = client.getQueryData<NotificationSettings>(notificationsKey);
      client.setQueryData(notificationsKey, preferences);
      return { previous };
    },
    onError: (_error, _preferences, context) => {
      if (context?.previous) client.setQueryData(notificationsKey, context.previous);
    },
    onSuccess: (saved) => client.setQueryData(notificationsKey, saved),
    meta: { errorTitleKey: "profile:notifications.failed" },
  });
}

const deviceKey = ["account", "notifications", "this-device"] as const;

/** Whether this device receives web push now (ADR 266). */
export const thisDeviceQuery = queryOptions({
  queryKey: deviceKey,
  queryFn: async () => ({ subscribed: (await currentSubscription()) !== null }),
});

/** Allows or stops notifications on this device: the browser's permission and subscription, then the server's record. */
export function useThisDevicePush() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (allow: boolean) => {
      if (allow) {
        const { publicKey } = await apiRequest<{ publicKey: string | null }>("/api/notifications/push-key");
        const subscription = publicKey ? await subscribeThisDevice(publicKey) : null;
        if (!subscription) return { subscribed: false };
        await apiRequest("/api/notifications/push-subscriptions", { method: "POST", body: subscription });
        return { subscribed: true };
      }
      const endpoint = await unsubscribeThisDevice();
      if (endpoint) await apiRequest("/api/notifications/push-subscriptions", { method: "DELETE", body: { endpoint } });
      return { subscribed: false };
    },
    onSuccess: async (state) => {
      client.setQueryData(deviceKey, state);
      await invalidateAfterWrite(client, { queryKey: notificationsKey });
    },
    meta: { errorTitleKey: "profile:notifications.failed" },
  });
}
