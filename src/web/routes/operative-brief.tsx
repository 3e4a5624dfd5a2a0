import { useParams } from "react-router";
import { BriefPage } from "../features/operatives/brief-page.tsx";

export default function OperativeBrief() {
  const { id = "" } = useParams();
  return <BriefPage key={id} id={id} />;
}
