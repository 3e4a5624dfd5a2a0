import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { profileFieldSchemas, type ProfileField } from "../../../../shared/profile.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useTranslation } from "../../../lib/i18n.ts";
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
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateProfile();
  const editing = value !== saved;
  const label = t(`fields.${field}`);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = profileFieldSchemas[field].safeParse(value);
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? "validation.nameEmpty"));
      return;
    }
    setError(undefined);
    try {
      const profile = await update.mutateAsync({ [field]: parsed.data });
      setValue(profile[field]);
      toast.success(t("fieldUpdated", { field: t(`fieldNames.${field}`) }));
    } catch (failure) {
      // Other failures are the query client's toast ('Failed to update profile').
      if (isApiError(failure) && failure.fields[field]) setError(failure.fields[field]);
    }
  }

  return (
    <form className={className} onSubmit={(event) => void handleSubmit(event)} noValidate>
      <div className="flex items-end gap-2">
        <Field
          id={editableFieldId(field)}
          className="min-w-0 flex-1"
          label={<span className="text-xs font-semibold tracking-[0.16em] text-gold-deep">{label}</span>}
          value={value}
          error={error}
          autoComplete={autocomplete[field]}
          type={field === "phoneNumber" ? "tel" : "text"}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape" && editing) {
              setValue(saved);
              setError(undefined);
            }
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
