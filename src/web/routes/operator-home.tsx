import { BookingsQueue } from "../features/operator/bookings-queue.tsx";

export default function OperatorHome() {
  return <BookingsQueue />;
}
