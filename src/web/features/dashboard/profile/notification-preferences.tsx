import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { notificationsQuery, useSaveNotifications } from "./api.ts";
import "./profile-translations.ts";

// docs/product.md §2 Notification Preferences: Email Notifications ('Receive updates via email') and Push
// Notifications ('Receive mobile notifications'), each saved as soon as it is switched. Turning
// e-mail off stops non-essential mail only (mail/registry.ts `essential`).

export function NotificationPreferences() {
  const { t } = useTranslation("profile");
  const preferences = useQuery(notificationsQuery);
  const save = useSaveNotifications();

  if (preferences.isPending) {
    return (
      <div className="space-y-4" role="status">
        <span className="sr-only">{t("loading")}</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (!preferences.data) return <p className="text-sm text-red-800">{t("loadFailed")}</p>;
  const current = preferences.data;

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
      <p className="text-xs text-stone">{t("notifications.essential")}</p>
    </div>
  );
}
