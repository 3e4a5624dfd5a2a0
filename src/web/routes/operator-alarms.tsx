import { AlarmsPage } from "../features/on-duty/alarms-page.tsx";

export default function OperatorAlarms() {
  return <AlarmsPage />;
}
