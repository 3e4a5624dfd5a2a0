import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  ChangePasswordInput,
  DeletionCheck,
  DisableTwoFactor,
  SecurityOverview,
  TwoFactorSetup,
} from "../../../../shared/account-security.ts";
import type { PasskeySummary } from "../../../../shared/passkeys.ts";
import { apiDownload, apiRequest, type ApiError } from "../../../lib/api-client.ts";
import { bankIdIdentityQuery, bankIdRequests } from "../../../lib/bankid-api.ts";
import type { ApiErrorMeta } from "../../../lib/api-error-meta.ts";
import { i18n, type Language, type TranslationKey } from "../../../lib/i18n.ts";
import { invalidateAfterWrite } from "../../../lib/query-client.ts";

// The account security calls (ADR 025): password change, two-factor authentication, the deletion
// check and the deletion itself. Failures reach the person through query-client.ts's one handler
// in the words below; screens list the codes they show beside a field themselves.

export const securityOverviewQuery = queryOptions({
  queryKey: ["account", "security"],
  queryFn: () => apiRequest<SecurityOverview>("/api/account/security"),
  meta: { inlineErrors: true },
});

/**
 * The data export (docs/data-export.md): a zip of data.json and summary.html worded in the language
 * the page is read in, saved as the server names it; a refusal (ten exports an hour) is told, not saved.
 */
export function useDataExport() {
  return useMutation({
    mutationFn: (language: Language) => apiDownload(`/api/account/security/export?language=${language}`),
    meta: { errorTitleKey: "security-settings:data.failed" },
  });
}

const text = (key: TranslationKey<"security-settings">) => i18n.t(`security-settings:${key}`);

function describePasswordFailure(error: ApiError): string | undefined {
  if (error.code === "incorrect_password") return text("password.incorrect");
  if (error.code === "weak_password") return text("password.weak");
  return undefined;
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest<{ ok: true }>("/api/account/security/password", { body: input }),
    // docs/product.md §8 'Failed to update password' / 'Current password is incorrect'; docs/product.md §9: 3-second password toasts.
    meta: { errorTitleKey: "security-settings:password.failed", describe: describePasswordFailure, errorToastDuration: 3000 },
  });
}

const twoFactorMeta: ApiErrorMeta = {
  errorTitleKey: "security-settings:twoFactor.failed",
  describe: (error: ApiError) =>
    error.code === "incorrect_password"
      ? text("password.incorrect")
      : error.code === "invalid_two_factor_code"
        ? text("twoFactor.invalidCode")
        : undefined,
  // Shown beside the password or code field instead.
  inlineErrors: ["incorrect_password", "invalid_two_factor_code", "invalid_input"] as const,
};

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => apiRequest<TwoFactorSetup>("/api/account/security/two-factor/enable", { body: { password } }),
    meta: twoFactorMeta,
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest<{ twoFactorEnabled: true }>("/api/account/security/two-factor/confirm", { body: { code } }),
    meta: twoFactorMeta,
    onSuccess: () => queryClient.setQueryData(securityOverviewQuery.queryKey, { twoFactorEnabled: true }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DisableTwoFactor) =>
      apiRequest<{ twoFactorEnabled: false }>("/api/account/security/two-factor/disable", { body: input }),
    meta: twoFactorMeta,
    onSuccess: () => queryClient.setQueryData(securityOverviewQuery.queryKey, { twoFactorEnabled: false }),
  });
}

/** docs/product.md §2 DELETE ACCOUNT: the upcoming bookings are counted before the confirmation opens. */
export function useDeletionCheck() {
  return useMutation({
    mutationFn: () => apiRequest<DeletionCheck>("/api/account/security/deletion-check"),
    // docs/product.md §8 'Could not check upcoming bookings.'
    meta: { errorTitleKey: "security-settings:deletion.errorTitle", describe: () => text("deletion.checkFailed") },
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => apiRequest<{ deleted: true }>("/api/account/security/delete-account", { body: { password } }),
    meta: {
      errorTitleKey: "security-settings:deletion.errorTitle",
      // docs/product.md §8: 'Cannot Delete Account' for a booking made meanwhile, else 'Failed to delete account. Please try again.'
      describe: (error) =>
        error.code === "upcoming_bookings"
          ? text("deletion.blockedBody")
          : error.code === "rate_limited"
            ? undefined
            : text("deletion.failed"),
      inlineErrors: ["incorrect_password", "invalid_input"],
    },
  });
}

/** Once the account is deleted: everything loaded for it is forgotten (the session ends separately). */
export function useForgetAccountData() {
  const client = useQueryClient();
  return () => client.removeQueries({ queryKey: ["account"] });
}

// ADR 270: the account's passkeys. Adding one is a WebAuthn ceremony run by Better Auth's passkey
// client plugin (web/lib/passkey-client.ts, loaded when asked for); the list, renaming and removal
// are plain calls to the same server paths.
const passkeysPath = "/api/account/passkey";

export const passkeysQuery = queryOptions({
  queryKey: ["account", "passkeys"],
  queryFn: () => apiRequest<PasskeySummary[]>(`${passkeysPath}/list-user-passkeys`),
  meta: { inlineErrors: true },
});

/** "cancelled": the browser's prompt was closed, nothing was added. */
export type AddPasskeyOutcome = "added" | "cancelled";

const passkeyMeta: ApiErrorMeta = {
  errorTitleKey: "security-settings:passkeys.failed",
  describe: (error: ApiError) => (error.code === "passkey_failed" ? text("passkeys.ceremonyFailed") : undefined),
};

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string): Promise<AddPasskeyOutcome> => {
      const passkeys = await import("../../../lib/passkey-client.ts");
      try {
        await passkeys.addPasskey(name);
        return "added";
      } catch (failure) {
        if (failure instanceof passkeys.PasskeyCeremonyCancelled) return "cancelled";
        throw failure;
      }
    },
    meta: passkeyMeta,
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: passkeysQuery.queryKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; name: string }) => apiRequest<{ ok: true }>(`${passkeysPath}/update-passkey`, { body: input }),
    meta: passkeyMeta,
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: passkeysQuery.queryKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ ok: true }>(`${passkeysPath}/delete-passkey`, { body: { id } }),
    meta: passkeyMeta,
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: passkeysQuery.queryKey }),
  });
}

/** ADR 272: the BankID dialog linked one (a write of the dialog's own): the settings read it again. */
export function useRefreshBankIdIdentity() {
  const queryClient = useQueryClient();
  return () => invalidateAfterWrite(queryClient, { queryKey: bankIdIdentityQuery.queryKey });
}

/** ADR 272: removes the BankID linked to the account. */
export function useUnlinkBankId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => bankIdRequests.unlink(),
    meta: { errorTitleKey: "security-settings:passkeys.failed" },
    onSuccess: () => invalidateAfterWrite(queryClient, { queryKey: bankIdIdentityQuery.queryKey }),
  });
}
