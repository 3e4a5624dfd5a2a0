import { Camera, ImageUp, Trash2, X } from "lucide-react";
import { useRef, useSyncExternalStore, type ChangeEvent } from "react";
import { toast } from "sonner";
import { avatarAcceptedTypes, avatarMaximumBytes } from "../../../../shared/profile.ts";
import { DropdownMenu, type DropdownMenuItem } from "../../../components/ui/dropdown-menu.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { useRemoveAvatar, useUploadAvatar } from "./api.ts";
import { ProfileAvatar } from "./profile-avatar.tsx";
import "./profile-translations.ts";

// docs/product.md §2 avatar menu: Take Photo (narrow screens only, the camera through capture=user), Upload,
// Remove Photo (only when there is a picture), Cancel. The file is checked here for type and size
// so a wrong one never travels (a large photo is scaled down first); the server checks its bytes
// again (it trusts nothing we say).

const narrowQuery = "(max-width: 768px)";

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(narrowQuery);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

function useIsNarrow(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(narrowQuery).matches,
    () => false,
  );
}

/**
 * A phone camera's photo is often over the 5 MB limit: such a file is scaled down here (the avatar
 * is 256 px anyway) instead of being refused. Null when even that does not fit.
 */
async function fitUnderLimit(file: File): Promise<Blob | null> {
  if (file.size <= avatarMaximumBytes) return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, 1024 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const smaller = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
    return smaller && smaller.size <= avatarMaximumBytes ? smaller : null;
  } catch {
    return null;
  }
}

export function AvatarEditor({ name, avatarUrl }: { name: string; avatarUrl: string | null }) {
  const { t } = useTranslation("profile");
  const narrow = useIsNarrow();
  const uploadInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const busy = upload.isPending || remove.isPending;

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file chosen twice in a row must fire change again.
    input.value = "";
    if (!file) return;
    if (!(avatarAcceptedTypes as readonly string[]).includes(file.type)) {
      toast.error(t("avatar.uploadFailed"), { description: t("avatar.wrongType") });
      return;
    }
    void (async () => {
      const picture = await fitUnderLimit(file);
      if (!picture) {
        toast.error(t("avatar.uploadFailed"), { description: t("avatar.tooLarge") });
        return;
      }
      upload.mutate(picture, { onSuccess: () => toast.success(t("avatar.uploaded")) });
    })();
  }

  const items: DropdownMenuItem[] = [
    ...(narrow ? [{ label: t("avatar.takePhoto"), icon: Camera, onSelect: () => cameraInput.current?.click() }] : []),
    { label: t("avatar.upload"), icon: ImageUp, onSelect: () => uploadInput.current?.click() },
    ...(avatarUrl
      ? [
          {
            label: t("avatar.remove"),
            icon: Trash2,
            tone: "danger" as const,
            onSelect: () => remove.mutate(undefined, { onSuccess: () => toast.success(t("avatar.removed")) }),
          },
        ]
      : []),
    // Closing the menu is all Cancel does (Escape does the same).
    { label: t("avatar.cancel"), icon: X, onSelect: () => {} },
  ];

  return (
    <div className="flex items-center gap-4">
      <div className="relative">
        <ProfileAvatar name={name} avatarUrl={avatarUrl} size="lg" alt={avatarUrl ? t("avatar.alt") : undefined} />
        {busy && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-ink/60 text-paper" role="status">
            <Spinner />
            <span className="sr-only">{t("avatar.uploading")}</span>
          </span>
        )}
      </div>
      {/* The trigger's name is its visible text (WCAG 2.2 2.5.3 label in name). */}
      <DropdownMenu items={items} label={t("avatar.label")} align="start" trigger={<span>{t("avatar.label")}</span>} />
      <input
        ref={uploadInput}
        type="file"
        accept={avatarAcceptedTypes.join(",")}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="avatar-upload-input"
        onChange={handleFile}
      />
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="user"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="avatar-camera-input"
        onChange={handleFile}
      />
    </div>
  );
}
