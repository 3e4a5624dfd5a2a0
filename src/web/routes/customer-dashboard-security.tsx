import { EmergencyContactsPage } from "../features/emergency-contacts/emergency-contacts-page.tsx";

export default function CustomerDashboardSecurity() {
  return <EmergencyContactsPage />;
}
