import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { idDocumentQuery } from "./api.ts";
import { formatInstant } from "../../../shared/time.ts";
import "./operator-translations.ts";
import { auditActionText } from "./audit-action-text.ts";

// ADR 070 audit log on the ID detail: who viewed, approved or rejected the document, and when.
// Loaded when opened, so a long list of documents costs one request, not one per document.
export function IdHistory({ id }: { id: string }) {
  const { t } = useTranslation("operator");
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-4 border-t border-ink-line/10 pt-3" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-semibold text-gold-deep">{t("ids.history")}</summary>
      <div className="mt-2">{open && <IdHistoryEntries id={id} />}</div>
    </details>
  );
}

function IdHistoryEntries({ id }: { id: string }) {
  const { t, i18n } = useTranslation("operator");
  // The actions fall back to the dispatch wording (auditActionText): wait for its Swedish too (ADR 210).
  useTranslation("dispatch");
  const detail = useQuery(idDocumentQuery(id));
  return (
    <QueryState
      query={detail}
      loadingClassName="flex items-center gap-2 text-sm text-stone"
      loading={
        <>
          <Spinner className="text-gold-deep" />
          {t("ids.loading")}
        </>
      }
      isEmpty={(data) => data.audit.length === 0}
      empty={<p className="text-sm text-stone">{t("detail.noHistory")}</p>}
    >
      {(data) => (
        <ol className="space-y-1 text-sm" data-testid="id-history">
          {data.audit.map((entry) => (
            <li key={entry.id}>
              <span className="font-semibold">{auditActionText(entry.action, t)}</span>{" "}
              <span className="text-stone">
                {formatInstant(entry.createdAt, i18n.language)} · {t("detail.by", { who: entry.actorEmail ?? t("detail.system") })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}
