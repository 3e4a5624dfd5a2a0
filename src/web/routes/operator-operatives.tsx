import { OperativesRoster } from "../features/operator/operatives-roster.tsx";

export default function OperatorOperatives() {
  return <OperativesRoster />;
}
