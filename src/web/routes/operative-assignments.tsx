import { AssignmentsList } from "../features/operatives/assignments-list.tsx";

export default function OperativeAssignments() {
  return <AssignmentsList />;
}
