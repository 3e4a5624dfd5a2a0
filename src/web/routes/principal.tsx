import { useParams } from "react-router";
import { PrincipalPage } from "../features/on-duty/principal-page.tsx";
import { i18n } from "../lib/i18n.ts";

export const meta = () => [{ title: i18n.t("titles.principal") }, { name: "robots", content: "noindex" }];

// ADR 288: the principal's personal SOS page, reached by the link the customer sent.
export default function Principal() {
  const { token = "" } = useParams();
  return <PrincipalPage key={token} token={token} />;
}
