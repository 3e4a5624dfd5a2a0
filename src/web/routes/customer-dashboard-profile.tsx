import { ContactDetails } from "../features/dashboard/profile/contact-details.tsx";
import { ProfileSecuritySection } from "../features/dashboard/security-settings/profile-security-section.tsx";
import { IdVerificationSection } from "../features/dashboard/wallet/id-verification-section.tsx";
import { PaymentMethodsSection } from "../features/dashboard/wallet/payment-methods-section.tsx";
import { BusinessSection } from "../features/invoices/business-section.tsx";

// docs/product.md §2 profile page ('Contact Details'): the profile, cards, ID verification, then the
// password, two-factor, data download and account deletion.
export default function CustomerDashboardProfile() {
  return (
    <>
      <ContactDetails />
      <PaymentMethodsSection />
      <BusinessSection />
      <IdVerificationSection />
      <ProfileSecuritySection />
    </>
  );
}
