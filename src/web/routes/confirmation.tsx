import { ConfirmationPage } from "../features/booking/confirmation-page.tsx";

// SPEC §2 /confirmation.
export default function Confirmation() {
  return <ConfirmationPage />;
}
