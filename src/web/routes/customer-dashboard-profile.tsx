import { ContactDetails } from "../features/dashboard/profile/contact-details.tsx";

export default function CustomerDashboardProfile() {
  return <ContactDetails />;
}
