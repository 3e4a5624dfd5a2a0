import { ProfileSummary } from "../features/dashboard/profile-summary.tsx";
import { IdVerificationSection } from "../features/dashboard/wallet/id-verification-section.tsx";
import { PaymentMethodsSection } from "../features/dashboard/wallet/payment-methods-section.tsx";
import { ProfileSecuritySection } from "../features/dashboard/security-settings/profile-security-section.tsx";

export default function CustomerDashboardProfile() {
  return (
    <>
      <ProfileSummary />
      <PaymentMethodsSection />
      <IdVerificationSection />
      <ProfileSecuritySection />
    </>
  );
}
