import { useQuery } from "@tanstack/react-query";
import { QueryState } from "../../../components/ui/query-state.tsx";
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
      {(current) => (
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
      )}
    </QueryState>
  );
}
