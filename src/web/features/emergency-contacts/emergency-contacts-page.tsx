import { useQuery } from "@tanstack/react-query";
import { Plus, ShieldPlus } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import {
  emergencyContactSchema,
  maximumEmergencyContacts,
  type EmergencyContact,
  type EmergencyContactInput,
} from "../../../shared/emergency-contacts.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Field } from "../../components/ui/field.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { isApiError } from "../../lib/api-client.ts";
import { isTranslationKey, useTranslation } from "../../lib/i18n.ts";
import { emergencyContactsQuery, useAddEmergencyContact, useDeleteEmergencyContact, useUpdateEmergencyContact } from "./api.ts";
import { emergencyContactsNamespace } from "./emergency-contacts-translations.ts";

// docs/product.md §2 SECURITY: a list of 'I.C.E. CONTACT n' forms (Name, Phone nr., E-mail); the button reads
// SAVE CONTACT while the form has unsaved changes and DELETE CONTACT otherwise; deleting asks
// first. docs/product.md §2 also deletes contacts left completely empty and unedited when the page is left:
// here a new contact exists only in the page until its first save (the server never stores an
// empty contact), so leaving the page simply drops it and nothing empty is ever kept.

type Values = EmergencyContactInput;
/** A contact in the page: its values as last saved (null until the first save). */
type Draft = { key: string; id: string | null; saved: Values | null };

const emptyValues: Values = { name: "", phone: "", email: "" };
const fieldNames = ["name", "phone", "email"] as const;

function valuesOf(contact: EmergencyContact): Values {
  return { name: contact.name, phone: contact.phone, email: contact.email };
}

function draftOf(contact: EmergencyContact): Draft {
  return { key: contact.id, id: contact.id, saved: valuesOf(contact) };
}

export function EmergencyContactsPage() {
  const { t } = useTranslation(emergencyContactsNamespace);
  const contacts = useQuery(emergencyContactsQuery);
  return (
    <section aria-labelledby="security-heading">
      <h2 id="security-heading" className="text-2xl tracking-[0.08em]">
        {t("heading")}
      </h2>
      <p className="mt-2 max-w-prose text-sm text-stone">{t("intro")}</p>
      <QueryState
        query={contacts}
        loadingClassName="mt-6 flex items-center gap-2 text-sm text-stone"
        loadingTestId="contacts-loading"
        loading={
          <>
            <Spinner className="h-5 w-5 text-gold-deep" />
            {t("loading")}
          </>
        }
        errorTitle={t("loadFailed")}
        errorClassName="mt-6"
      >
        {(data) => <ContactList initial={data} />}
      </QueryState>
    </section>
  );
}

function ContactList({ initial }: { initial: EmergencyContact[] }) {
  const { t } = useTranslation(emergencyContactsNamespace);
  const [drafts, setDrafts] = useState<Draft[]>(() => initial.map(draftOf));
  const [justAdded, setJustAdded] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Draft | null>(null);
  const nextKey = useRef(0);
  const addButton = useRef<HTMLButtonElement>(null);
  const add = useAddEmergencyContact();
  const update = useUpdateEmergencyContact();
  const remove = useDeleteEmergencyContact();

  const change = (key: string, patch: Partial<Draft>) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  const drop = (key: string) => {
    setDrafts((current) => current.filter((draft) => draft.key !== key));
    // The removed form held the focus: move it to the next sensible control (WCAG 2.4.3).
    setTimeout(() => addButton.current?.focus(), 0);
  };

  function addDraft() {
    const key = `new-${nextKey.current++}`;
    setDrafts((current) => [...current, { key, id: null, saved: null }]);
    setJustAdded(key);
  }

  async function save(draft: Draft, values: z.output<typeof emergencyContactSchema>): Promise<EmergencyContact> {
    const contact = draft.id ? await update.mutateAsync({ id: draft.id, values }) : await add.mutateAsync(values);
    change(draft.key, { id: contact.id, saved: valuesOf(contact) });
    toast.success(draft.id ? t("toasts.updated") : t("toasts.added"));
    return contact;
  }

  function confirmDelete() {
    const draft = deleting;
    if (!draft?.id) return;
    remove.mutate(draft.id, {
      onSuccess: () => {
        drop(draft.key);
        toast.success(t("toasts.deleted"));
      },
    });
  }

  if (drafts.length === 0) {
    return (
      <EmptyState
        className="mt-6"
        icon={ShieldPlus}
        title={t("emptyTitle")}
        description={t("emptyBody")}
        action={
          <Button ref={addButton} onClick={addDraft} data-testid="add-first-contact">
            {t("addFirst")}
          </Button>
        }
      />
    );
  }

  const busy = add.isPending || update.isPending || remove.isPending;
  return (
    <>
      <ol className="mt-6 space-y-6">
        {drafts.map((draft, index) => (
          <li key={draft.key}>
            <ContactForm
              draft={draft}
              number={index + 1}
              busy={busy}
              autoFocus={draft.key === justAdded}
              onSave={(values) => save(draft, values)}
              // A contact never saved holds nothing on the server: it is simply removed.
              onDelete={() => (draft.id ? setDeleting(draft) : drop(draft.key))}
            />
          </li>
        ))}
      </ol>
      <div className="mt-4">
        {drafts.length < maximumEmergencyContacts ? (
          <Button ref={addButton} variant="link" onClick={addDraft} data-testid="add-another-contact">
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t("addAnother")}
          </Button>
        ) : (
          <p className="text-sm text-stone">{t("limit", { count: maximumEmergencyContacts })}</p>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("deleteTitle")}
        description={t("deleteBody", { name: deleting?.saved?.name ?? "" })}
        confirmLabel={t("deleteConfirm")}
        tone="danger"
        onConfirm={confirmDelete}
        testId="delete-contact-dialog"
      />
    </>
  );
}

type ContactFormProps = {
  draft: Draft;
  number: number;
  busy: boolean;
  autoFocus: boolean;
  onSave: (values: z.output<typeof emergencyContactSchema>) => Promise<EmergencyContact>;
  onDelete: () => void;
};

function ContactForm({ draft, number, busy, autoFocus, onSave, onDelete }: ContactFormProps) {
  const { t } = useTranslation(emergencyContactsNamespace);
  const form = useForm({ resolver: zodResolver(emergencyContactSchema), defaultValues: draft.saved ?? emptyValues });
  const errors = form.formState.errors;
  const values = useWatch({ control: form.control });
  // docs/product.md §4: editing sets hasChanges, a save clears it. A new contact has changes once anything is typed.
  const reference = draft.saved ?? emptyValues;
  const changed = fieldNames.some((field) => (values[field] ?? "") !== reference[field]);
  const legendId = `contact-${draft.key}-legend`;

  const submit = form.handleSubmit(async (input) => {
    try {
      const contact = await onSave(input);
      form.reset(valuesOf(contact));
    } catch (failure) {
      if (!isApiError(failure, "invalid_input")) return;
      for (const field of fieldNames) {
        const message = failure.fields[field];
        if (message) form.setError(field, { type: "server", message });
      }
      toast.error(draft.id ? t("toasts.updateFailed") : t("toasts.addFailed"), { description: t("toasts.checkFields") });
    }
  });

  return (
    <form
      noValidate
      aria-labelledby={legendId}
      onSubmit={(event) => void submit(event)}
      className="rounded-xl border border-ink-line/15 bg-white p-5 sm:p-6"
      data-testid="contact-form"
    >
      <fieldset>
        <legend id={legendId} className="text-sm font-semibold tracking-[0.16em] text-gold-deep">
          {t("contact", { number })}
          {!draft.id && <span className="ml-2 font-normal tracking-normal text-stone">({t("unsaved")})</span>}
        </legend>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          {fieldNames.map((field) => {
            const message = errors[field]?.message;
            return (
              <Field
                key={field}
                label={t(field)}
                type={field === "phone" ? "tel" : field === "email" ? "email" : "text"}
                autoComplete="off"
                optional={field === "email"}
                error={
                  message &&
                  (errors[field]?.type === "server" || !isTranslationKey(emergencyContactsNamespace, message) ? message : t(message))
                }
                autoFocus={field === "name" && autoFocus}
                {...form.register(field)}
              />
            );
          })}
        </div>
      </fieldset>
      <div className="mt-4 flex justify-end">
        {changed ? (
          <Button type="submit" variant="secondary" size="sm" loading={busy}>
            {t("save")}
          </Button>
        ) : (
          <Button type="button" variant="outline" size="sm" className="text-red-800" disabled={busy} onClick={onDelete}>
            {t("delete")}
          </Button>
        )}
      </div>
    </form>
  );
}
