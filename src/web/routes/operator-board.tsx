import { ScheduleBoard } from "../features/operator/schedule-board.tsx";

export default function OperatorBoard() {
  return <ScheduleBoard />;
}
