import { ProfileSummary } from "../features/dashboard/profile-summary.tsx";
import { ProfileSecuritySection } from "../features/dashboard/security-settings/profile-security-section.tsx";

export default function CustomerDashboardProfile() {
  return (
    <>
      <ProfileSummary />
      <ProfileSecuritySection />
    </>
  );
}
