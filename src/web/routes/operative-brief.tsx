import { useParams } from "react-router";
import { BriefPage } from "../features/operatives/brief-page.tsx";
import { OperativeSafetyPanel } from "../features/on-duty/operative-safety-panel.tsx";

// The brief, then the SOS, the lead's check-ins and the shared position (docs/on-duty.md).
export default function OperativeBrief() {
  const { id = "" } = useParams();
  return (
    <>
      <BriefPage key={id} id={id} />
      <OperativeSafetyPanel key={`safety-${id}`} assignmentId={id} />
    </>
  );
}
