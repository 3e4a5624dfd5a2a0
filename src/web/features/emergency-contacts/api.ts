import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { EmergencyContact, EmergencyContactInput } from "../../../shared/emergency-contacts.ts";
import { apiRequest } from "../../lib/api-client.ts";
import { invalidateAfterWrite } from "../../lib/query-client.ts";

// The I.C.E. contacts' server calls (ADR 025). A 400 with field messages is shown beside the
// fields by the form; any other failure becomes the docs/product.md §8 toast of its action.

const contactsKey = ["emergency-contacts"] as const;

/** GET /api/emergency-contacts; docs/product.md §8 'Failed to load emergency contacts'. */
export const emergencyContactsQuery = queryOptions({
  queryKey: contactsKey,
  queryFn: () => apiRequest<{ contacts: EmergencyContact[] }>("/api/emergency-contacts").then((body) => body.contacts),
  meta: { errorTitleKey: "emergencyContacts:loadFailed" },
});

const fieldErrorsInline = { inlineErrors: ["invalid_input"] } as const;

/** POST: the first save of a new contact (docs/product.md §8 'Failed to add emergency contact'). */
export function useAddEmergencyContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: EmergencyContactInput) =>
      apiRequest<EmergencyContact>("/api/emergency-contacts", { method: "POST", body: values }),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: contactsKey }),
    meta: { ...fieldErrorsInline, errorTitleKey: "emergencyContacts:toasts.addFailed" },
  });
}

/** PUT a stored contact (docs/product.md §8 'Failed to update emergency contact'). */
export function useUpdateEmergencyContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: EmergencyContactInput }) =>
      apiRequest<EmergencyContact>(`/api/emergency-contacts/${encodeURIComponent(id)}`, { method: "PUT", body: values }),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: contactsKey }),
    meta: { ...fieldErrorsInline, errorTitleKey: "emergencyContacts:toasts.updateFailed" },
  });
}

/** DELETE /api/emergency-contacts/:id; docs/product.md §8 'Failed to delete emergency contact'. */
export function useDeleteEmergencyContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/api/emergency-contacts/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: contactsKey }),
    meta: { errorTitleKey: "emergencyContacts:toasts.deleteFailed" },
  });
}
