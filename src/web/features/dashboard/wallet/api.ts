import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { AddCardForm, IdDocumentType, IdVerificationState, IdVerificationView, PaymentMethodList } from "../../../../shared/wallet.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { invalidateAfterWrite } from "../../../lib/query-client.ts";
import { i18n } from "../../../lib/i18n.ts";

// docs/product.md §2 PAYMENT METHODS and ID VERIFICATION: the server calls of the wallet (ADR 025). Failures
// become toasts in the query client's one handler, titled with the docs/product.md §8 wording.

const paymentMethodsKey = ["account", "payment-methods"] as const;
const idVerificationKey = ["account", "id-verifications"] as const;

/** GET /api/account/payment-methods: the default card first. */
export const paymentMethodsQuery = queryOptions({
  queryKey: paymentMethodsKey,
  queryFn: () => apiRequest<PaymentMethodList>("/api/account/payment-methods"),
  meta: { errorTitleKey: "wallet:cards.loadFailed" },
});

/** POST /api/account/payment-methods. Field errors are shown beside the inputs, not as a toast. */
export function useAddCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (card: AddCardForm) => apiRequest<PaymentMethodList>("/api/account/payment-methods", { body: card }),
    onSuccess: (list) => client.setQueryData(paymentMethodsKey, { paymentMethods: list.paymentMethods, maximum: list.maximum }),
    meta: { errorTitleKey: "wallet:addCard.failed", inlineErrors: ["invalid_input"] },
  });
}

export function useMakeDefaultCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<PaymentMethodList>(`/api/account/payment-methods/${encodeURIComponent(id)}/default`, { method: "POST" }),
    onSuccess: (list) => client.setQueryData(paymentMethodsKey, list),
    meta: { errorTitleKey: "wallet:cards.defaultFailed" },
  });
}

export function useDeleteCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<PaymentMethodList>(`/api/account/payment-methods/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (list) => client.setQueryData(paymentMethodsKey, list),
    meta: { errorTitleKey: "wallet:cards.deleteFailed" },
  });
}

/** GET /api/account/id-verifications: the latest document and whether the profile is verified. */
export const idVerificationQuery = queryOptions({
  queryKey: idVerificationKey,
  queryFn: () => apiRequest<IdVerificationState>("/api/account/id-verifications"),
  meta: { errorTitleKey: "wallet:id.loadFailed" },
});

/** POST the image itself; the server checks its content, re-encodes it and keeps it private. */
export function useUploadIdDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, file }: { type: IdDocumentType; file: File }) =>
      apiRequest<{ verification: IdVerificationView }>(`/api/account/id-verifications?type=${encodeURIComponent(type)}`, {
        method: "POST",
        body: file,
      }),
    onSuccess: () => invalidateAfterWrite(client, { queryKey: idVerificationKey }),
    meta: {
      errorTitleKey: "wallet:id.uploadFailed",
      // docs/product.md §8 'There was an error uploading your document'; a refused file or size says why, and
      // a full storage gets the common wording (query-client.ts).
      describe: (error) => {
        if (error.code === "storage_full") return undefined;
        return error.code === "unsupported_file" || error.code === "payload_too_large"
          ? error.message
          : i18n.t("wallet:id.uploadFailedBody");
      },
    },
  });
}

export function useDeleteIdDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<IdVerificationState>(`/api/account/id-verifications/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (state) => client.setQueryData(idVerificationKey, state),
    meta: { errorTitleKey: "wallet:id.deleteFailed" },
  });
}

/** The owner-only address of a document's image (no public URL exists; the session cookie is checked). */
export function idDocumentFileUrl(id: string): string {
  return `/api/account/id-verifications/${encodeURIComponent(id)}/file`;
}
