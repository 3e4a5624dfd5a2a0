import { OperatorComingSoon } from "../features/operator/operator-coming-soon.tsx";

export default function OperatorHome() {
  return <OperatorComingSoon />;
}
