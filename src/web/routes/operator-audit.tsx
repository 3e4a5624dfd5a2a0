import { AuditLog } from "../features/operator/audit-log.tsx";

export default function OperatorAudit() {
  return <AuditLog />;
}
