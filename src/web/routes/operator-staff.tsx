import { useQuery } from "@tanstack/react-query";
import { Notice } from "../components/ui/notice.tsx";
import { StaffSettings } from "../features/operator/staff-settings.tsx";
import { useTranslation } from "../lib/i18n.ts";
import { sessionQuery } from "../lib/session.ts";

export default function OperatorStaff() {
  const { t } = useTranslation("operator");
  const { data: session } = useQuery(sessionQuery);
  if (session?.status !== "signed-in") return null;
  // The API refuses operators on its own (403); this only spares them a screen of errors.
  if (session.user.role !== "admin") {
    return (
      <div className="container-page py-10">
        <Notice tone="warning" title={t("staff.forbidden")} />
      </div>
    );
  }
  return <StaffSettings currentUserId={session.user.id} />;
}
