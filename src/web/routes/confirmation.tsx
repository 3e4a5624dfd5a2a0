import { ConfirmationPage } from "../features/booking/confirmation-page.tsx";

// docs/product.md §2 /confirmation.
export default function Confirmation() {
  return <ConfirmationPage />;
}
