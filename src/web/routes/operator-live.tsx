import { LiveBoardPage } from "../features/on-duty/live-board.tsx";

export default function OperatorLive() {
  return <LiveBoardPage />;
}
