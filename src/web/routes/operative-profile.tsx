import { ContactDetails } from "../features/dashboard/profile/contact-details.tsx";
import { OperativeProfilePage } from "../features/operatives/licence-card.tsx";

// ADR 220: the operative's roster record and licence, then the account's photo, name and phone.
export default function OperativeProfile() {
  return <OperativeProfilePage accountDetails={<ContactDetails />} />;
}
