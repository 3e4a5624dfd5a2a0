import { Camera, CarFront, IdCard, BookUser } from "lucide-react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { toast } from "sonner";
import { acceptedIdDocumentTypes, idDocumentTypes, maximumIdDocumentBytes, type IdDocumentType } from "../../../../shared/wallet.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { FileInput } from "../../../components/ui/file-input.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useTranslation } from "../../../lib/i18n.ts";
import { useUploadIdDocument } from "./api.ts";
import "./wallet-translations.ts";

// docs/product.md §2 'Add new Identification': a type picker (Passport, ID Card, Driver's License), then an
// upload step with Take Photo (narrow screens, docs/product.md §9 768px: it opens the camera through the
// HTML Media Capture `capture` attribute), Choose File and Cancel. The file is sent as soon as it
// is chosen; the server checks its content and size again.

const typeIcons = { passport: BookUser, id_card: IdCard, drivers_license: CarFront } as const;
const accept = acceptedIdDocumentTypes.join(",");

export function AddIdDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("wallet");
  const [type, setType] = useState<IdDocumentType | null>(null);
  const upload = useUploadIdDocument();
  const cameraRef = useRef<HTMLInputElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const changedStep = useRef(false);

  // The step's content replaces the button that was pressed: focus goes to the new step's first
  // visible control instead of being lost (WCAG 2.2 2.4.3 focus order).
  useEffect(() => {
    if (!changedStep.current) return;
    changedStep.current = false;
    const candidates = stepRef.current?.querySelectorAll<HTMLElement>("[data-autofocus], input[type=file]:not([tabindex='-1'])") ?? [];
    const visible = Array.from(candidates).find((element) => element.getClientRects().length > 0 || element.matches("input"));
    visible?.focus();
  }, [type]);

  function goTo(next: IdDocumentType | null) {
    changedStep.current = true;
    setType(next);
  }

  function close() {
    if (upload.isPending) return;
    setType(null);
    upload.reset();
    onClose();
  }

  async function send(file: File | null) {
    if (!file || !type) return;
    try {
      await upload.mutateAsync({ type, file });
      toast.success(t("id.uploadSuccess"), { description: t("id.uploadSuccessBody") });
      setType(null);
      onClose();
    } catch {
      // 'Upload failed' comes from the query client's one error handler (ADR 025).
    }
  }

  function onCamera(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    event.currentTarget.value = "";
    if (file && file.size > maximumIdDocumentBytes) {
      toast.error(t("id.uploadFailed"), { description: t("ui.fileTooLarge", { ns: "common", size: "10 MB" }) });
      return;
    }
    void send(file);
  }

  const typeName = type ? t(`id.types.${type}`) : "";

  return (
    <Dialog
      open={open}
      onRequestClose={close}
      title={type ? t("id.uploadTitle", { type: typeName }) : t("id.pickTitle")}
      description={type ? t("id.uploadDescription") : t("id.pickDescription")}
      closeLabel={t("id.close")}
      testId="add-id-dialog"
    >
      <div ref={stepRef}>
        {type === null ? (
          <div className="space-y-3">
            <ul className="space-y-3">
              {idDocumentTypes.map((option, index) => {
                const Icon = typeIcons[option];
                return (
                  <li key={option}>
                    <button
                      type="button"
                      {...(index === 0 && { "data-autofocus": true })}
                      onClick={() => goTo(option)}
                      className="flex min-h-14 w-full items-center gap-4 rounded-lg border border-ink-line/30 bg-white px-4 text-left font-semibold text-ink hover:border-gold-deep hover:bg-gold/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold"
                    >
                      <Icon className="h-6 w-6 text-gold-deep" aria-hidden="true" />
                      {t(`id.types.${option}`)}
                    </button>
                  </li>
                );
              })}
            </ul>
            <div className="flex justify-end pt-2">
              <Button type="button" variant="outline" onClick={close}>
                {t("id.cancel")}
              </Button>
            </div>
          </div>
        ) : (
          <div className="space-y-5">
            {upload.isPending ? (
              <p role="status" className="flex items-center gap-3 text-sm text-ink">
                <Spinner className="h-5 w-5" />
                {t("id.uploading")}
              </p>
            ) : (
              <>
                {/* Narrow screens only (docs/product.md §2, §9 768px): a phone's camera; wide screens choose a file. */}
                <div className="min-[769px]:hidden">
                  <Button type="button" variant="secondary" className="w-full" data-autofocus onClick={() => cameraRef.current?.click()}>
                    <Camera className="h-5 w-5" aria-hidden="true" />
                    {t("id.takePhoto")}
                  </Button>
                  <input
                    ref={cameraRef}
                    type="file"
                    accept="image/*"
                    capture="environment"
                    className="sr-only"
                    tabIndex={-1}
                    aria-hidden="true"
                    onChange={onCamera}
                    data-testid="camera-input"
                  />
                </div>
                <FileInput
                  label={t("id.chooseFile")}
                  accept={accept}
                  typesLabel={t("id.typesLabel")}
                  maxBytes={maximumIdDocumentBytes}
                  onFileChange={(file) => void send(file)}
                />
              </>
            )}
            <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="ghost" disabled={upload.isPending} onClick={() => goTo(null)}>
                {t("id.back")}
              </Button>
              <Button type="button" variant="outline" disabled={upload.isPending} onClick={close}>
                {t("id.cancel")}
              </Button>
            </div>
          </div>
        )}
      </div>
    </Dialog>
  );
}
