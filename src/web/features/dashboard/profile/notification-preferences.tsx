import { useQuery } from "@tanstack/react-query";
import { notificationChannels, type NotificationChannel, type NotificationKind } from "../../../../shared/notifications.ts";
import type { NotificationSettings } from "../../../../shared/profile.ts";
import { Checkbox } from "../../../components/ui/checkbox.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { webPushSupported } from "../../../lib/web-push.ts";
import { notificationsQuery, thisDeviceQuery, useSaveNotifications, useThisDevicePush } from "./api.ts";
import "./profile-translations.ts";

// docs/product.md §2 Notification Preferences: Email Notifications and Push Notifications, each saved
// as soon as it is switched; ADR 266: "Allow notifications on this device" subscribes this browser
// to web push; ADR 267: per kind, the channels chosen, and quiet hours on the Stockholm clock.
// Codes, reset links and booking confirmations are mails that are always sent (mail/registry.ts `essential`).

const hours = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour * 60), label: `${String(hour).padStart(2, "0")}:00` }));

export function NotificationPreferences() {
  const { t } = useTranslation("profile");
  const preferences = useQuery(notificationsQuery);
  return (
    <QueryState
      query={preferences}
      loadingLabel={t("loading")}
      loadingClassName="space-y-4"
      loading={
        <>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </>
      }
      errorTitle={t("loadFailed")}
    >
      {(current) => <NotificationChoices current={current} />}
    </QueryState>
  );
}

function NotificationChoices({ current }: { current: NotificationSettings }) {
  const { t } = useTranslation("profile");
  const device = useQuery(thisDeviceQuery);
  const save = useSaveNotifications();
  const devicePush = useThisDevicePush();
  const choose = (kind: NotificationKind, channel: NotificationChannel, checked: boolean) => {
    const choice = current.channels[kind] ?? { email: false, sms: false, push: false };
    save.mutate({ ...current, channels: { ...current.channels, [kind]: { ...choice, [channel]: checked } } });
  };
  const quiet = current.quietHours;

  return (
    <div className="space-y-5">
      <Switch
        label={t("notifications.email")}
        hint={t("notifications.emailHint")}
        checked={current.emailNotifications}
        onCheckedChange={(checked) => save.mutate({ ...current, emailNotifications: checked })}
      />
      <Switch
        label={t("notifications.push")}
        hint={t("notifications.pushHint")}
        checked={current.pushNotifications}
        onCheckedChange={(checked) => save.mutate({ ...current, pushNotifications: checked })}
      />
      <Switch
        label={t("notifications.thisDevice")}
        hint={webPushSupported() ? t("notifications.thisDeviceHint") : t("notifications.thisDeviceUnsupported")}
        checked={device.data?.subscribed ?? false}
        disabled={!webPushSupported() || devicePush.isPending}
        onCheckedChange={(checked) => devicePush.mutate(checked)}
      />
      {devicePush.data && !devicePush.data.subscribed && devicePush.variables && (
        <p className="text-sm text-red-800" role="alert">
          {t("notifications.permissionRefused")}
        </p>
      )}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-ink">{t("notifications.perKind")}</legend>
        {current.kinds.map((kind) => (
          <div
            key={kind}
            role="group"
            aria-labelledby={`kind-${kind}`}
            className="flex flex-wrap items-center gap-x-6 gap-y-2 border-b border-mist pb-3"
          >
            <span className="min-w-48 text-sm text-ink" id={`kind-${kind}`}>
              {t(`notifications.kinds.${kind}`)}
            </span>
            {notificationChannels.map((channel) => (
              <Checkbox
                key={channel}
                label={t(`notifications.channels.${channel}`)}
                checked={current.channels[kind]?.[channel] ?? false}
                onCheckedChange={(checked) => choose(kind, channel, checked)}
              />
            ))}
          </div>
        ))}
      </fieldset>
      <Switch
        label={t("notifications.quietHours")}
        hint={t("notifications.quietHoursHint")}
        checked={quiet !== null}
        onCheckedChange={(checked) => save.mutate({ ...current, quietHours: checked ? { start: 22 * 60, end: 7 * 60 } : null })}
      />
      {quiet && (
        <div className="grid grid-cols-2 gap-4">
          <Select
            label={t("notifications.quietFrom")}
            options={hours}
            value={String(quiet.start - (quiet.start % 60))}
            onValueChange={(value) => save.mutate({ ...current, quietHours: { ...quiet, start: Number(value) } })}
          />
          <Select
            label={t("notifications.quietUntil")}
            options={hours}
            value={String(quiet.end - (quiet.end % 60))}
            onValueChange={(value) => save.mutate({ ...current, quietHours: { ...quiet, end: Number(value) } })}
          />
        </div>
      )}
      <p className="text-xs text-stone">{t("notifications.essential")}</p>
    </div>
  );
}
