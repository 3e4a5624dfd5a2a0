import { useParams } from "react-router";
import { BookingDetail } from "../features/operator/booking-detail.tsx";

export default function OperatorBooking() {
  const { id = "" } = useParams();
  return <BookingDetail key={id} id={id} />;
}
