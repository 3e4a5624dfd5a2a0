import type { AffiliateApplication } from "../../../shared/affiliate.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { i18n, isLanguage } from "../../lib/i18n.ts";
import { runMutation } from "../../lib/query-on-demand.ts";

// The affiliate feature's server call (ADR 025). /affiliate is a prerendered public page without
// a QueryClient on first paint (ADR 022), so the mutation runs through runMutation, which loads
// the client on submit. Field errors are shown beside the fields by the form; any other failure
// becomes the query client's toast under the form's title.

/** POST /api/affiliate/applications, in the language the visitor reads the site in. */
export function submitApplication(values: AffiliateApplication): Promise<{ id: string }> {
  return runMutation(
    {
      mutationFn: (application: AffiliateApplication) =>
        apiRequest<{ id: string }>("/api/affiliate/applications", {
          body: { ...application, language: isLanguage(i18n.language) ? i18n.language : "en" },
        }),
      meta: {
        errorTitleKey: "affiliate:form.failed",
        inlineErrors: (error) => error.status === 400 && Object.keys(error.fields).length > 0,
      },
    },
    values,
  );
}
