import { ProfileSummary } from "../features/dashboard/profile-summary.tsx";

export default function CustomerDashboardProfile() {
  return <ProfileSummary />;
}
