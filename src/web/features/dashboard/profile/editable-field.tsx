import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { profileFieldSchemas, type ProfileField } from "../../../../shared/profile.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { isTranslationKey, useTranslation } from "../../../lib/i18n.ts";
import { useUpdateProfile } from "./api.ts";
import "./profile-translations.ts";

// docs/product.md §2 'Contact Details': every field is edited where it is shown; editing marks it as being
// edited and shows an UPDATE button for that field only (docs/product.md §4 'Field edits'); a successful
// update clears that. '{field} cannot be empty' after trimming (docs/product.md §5).

export function editableFieldId(field: ProfileField) {
  return `profile-field-${field}`;
}

export function EditableField({ field, saved, className }: { field: ProfileField; saved: string; className?: string }) {
  const { t } = useTranslation("profile");
  // The API's schema of this one field (docs/product.md §5), under the field's own name.
  const [schema] = useState(() => z.object({ [field]: profileFieldSchemas[field] }));
  const form = useForm<Record<string, string>>({ resolver: zodResolver(schema), defaultValues: { [field]: saved } });
  const value = useWatch({ control: form.control, name: field }) ?? saved;
  const issue = form.formState.errors[field];
  const error =
    issue?.message && (issue.type === "server" || !isTranslationKey("profile", issue.message) ? issue.message : t(issue.message));
  const update = useUpdateProfile();
  const editing = value !== saved;
  const label = t(`fields.${field}`);

  const submit = form.handleSubmit(async (values) => {
    try {
      const profile = await update.mutateAsync({ [field]: values[field] });
      form.reset({ [field]: profile[field] });
      toast.success(t("fieldUpdated", { field: t(`fieldNames.${field}`) }));
    } catch (failure) {
      // Other failures are the query client's toast ('Failed to update profile').
      const message = isApiError(failure) ? failure.fields[field] : undefined;
      if (message) form.setError(field, { type: "server", message });
    }
  });

  return (
    <form className={className} onSubmit={(event) => void submit(event)} noValidate>
      <div className="flex items-end gap-2">
        <Field
          id={editableFieldId(field)}
          className="min-w-0 flex-1"
          label={<span className="text-xs font-semibold tracking-[0.16em] text-gold-deep">{label}</span>}
          error={error}
          autoComplete={autocomplete[field]}
          type={field === "phoneNumber" ? "tel" : "text"}
          {...form.register(field)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && editing) form.reset({ [field]: saved });
          }}
        />
        {editing && (
          <Button
            type="submit"
            size="sm"
            className={error ? "mb-7 min-h-11" : "min-h-11"}
            loading={update.isPending}
            aria-label={t("updateField", { field: label })}
          >
            {update.isPending ? t("updating") : t("update")}
          </Button>
        )}
      </div>
    </form>
  );
}

const autocomplete: Record<ProfileField, string> = {
  fullName: "name",
  phoneNumber: "tel",
  address: "street-address",
  city: "address-level2",
  country: "country-name",
  postalCode: "postal-code",
};
