import { useEffect, useRef, useState } from "react";
import { isApiError } from "../lib/api-client.ts";
import { bankIdRequests, type BankIdOrderView, type BankIdPurpose, type BankIdStartedBy } from "../lib/bankid-api.ts";
import { isBankIdMessageId } from "../../shared/bankid.ts";
import { useTranslation } from "../lib/i18n.ts";
import { Button } from "./ui/button.tsx";
import { Dialog } from "./ui/dialog.tsx";
import { Spinner } from "./ui/spinner.tsx";
import "./bankid-translations.ts";

// ADR 272: one BankID order in a dialog. The person chooses this device (the app opens through
// its autostart link) or another device (the animated QR code, new every second, computed by the
// server). The page asks every second; the server collects from BankID at most every 2 s. Closing
// the dialog, or leaving the page, cancels the order, as BankID asks of every relying party.

type BankIdDialogProps = {
  open: boolean;
  purpose: BankIdPurpose;
  onClose: () => void;
  /** The order completed: what it did (signed in, linked, or why not), and which order it was. */
  onDone: (outcome: NonNullable<BankIdOrderView["outcome"]>, orderId: string) => void;
};

export function BankIdDialog({ open, purpose, onClose, onDone }: BankIdDialogProps) {
  const { t } = useTranslation("bankid");
  const [startedBy, setStartedBy] = useState<BankIdStartedBy | null>(null);
  const [order, setOrder] = useState<{ id: string; autoStartLink: string } | null>(null);
  const [view, setView] = useState<BankIdOrderView | null>(null);
  const [qrImage, setQrImage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  function reset() {
    setStartedBy(null);
    setOrder(null);
    setView(null);
    setQrImage(null);
    setFailure(null);
  }

  async function start(how: BankIdStartedBy) {
    setStartedBy(how);
    setFailure(null);
    try {
      const started = await bankIdRequests.start(purpose, how);
      setOrder(started);
      // Same device: BankID's autostart link opens the app; it comes back to this page when done.
      if (how === "sameDevice") window.location.href = started.autoStartLink;
    } catch (error) {
      const message = isApiError(error, "bankid_refused") ? error.fields.message : undefined;
      setFailure(message && isBankIdMessageId(message) ? t(`messages.${message}`) : t("messages.RFA22"));
    }
  }

  // Every second while the order runs: the next QR code and BankID's message.
  useEffect(() => {
    if (!order) return;
    const id = order.id;
    let active = true;
    let pending = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function poll() {
      try {
        const next = await bankIdRequests.poll(id);
        if (!active) return;
        pending = next.status === "pending";
        setView(next);
        if (next.status === "pending") timer = setTimeout(() => void poll(), 1000);
        else if (next.status === "complete" && next.outcome) done.current(next.outcome, id);
      } catch {
        if (active) setFailure(t("messages.RFA22"));
      }
    }
    void poll();
    // Leaving (closing the dialog, another page, the tab): the order is cancelled at BankID.
    const cancelOnLeave = () => {
      if (pending) void bankIdRequests.cancel(id).catch(() => undefined);
    };
    window.addEventListener("pagehide", cancelOnLeave);
    return () => {
      active = false;
      clearTimeout(timer);
      window.removeEventListener("pagehide", cancelOnLeave);
      cancelOnLeave();
    };
  }, [order, t]);

  useEffect(() => {
    const text = view?.qr;
    if (!text) {
      setQrImage(null);
      return;
    }
    let active = true;
    void import("qrcode").then(async (qrcode) => {
      const image = await qrcode.toDataURL(text, { margin: 1, width: 240, errorCorrectionLevel: "L" });
      if (active) setQrImage(image);
    });
    return () => {
      active = false;
    };
  }, [view?.qr]);

  function close() {
    reset();
    onClose();
  }

  const message = failure ?? (view ? t(`messages.${view.message}`) : null);
  const ended = failure !== null || (view !== null && view.status !== "pending");
  return (
    <Dialog open={open} onRequestClose={close} title={t("title")} closeLabel={t("close")} testId="bankid-dialog">
      {!startedBy && (
        <div className="space-y-3">
          <p className="text-sm text-stone">{t("chooseDevice")}</p>
          <Button className="w-full" onClick={() => void start("qr")}>
            {t("otherDevice")}
          </Button>
          <Button variant="outline" className="w-full text-ink" onClick={() => void start("sameDevice")}>
            {t("thisDevice")}
          </Button>
        </div>
      )}
      {startedBy && (
        <div className="space-y-4 text-center">
          {startedBy === "qr" && view?.status === "pending" && (
            <>
              <p className="text-sm text-stone">{t("qrHelp")}</p>
              {qrImage ? (
                <img
                  src={qrImage}
                  alt={t("qrAlt")}
                  width={240}
                  height={240}
                  className="mx-auto"
                  data-testid="bankid-qr"
                  data-qr={view.qr ?? ""}
                />
              ) : (
                <Spinner />
              )}
            </>
          )}
          {startedBy === "sameDevice" && order && view?.status === "pending" && (
            <a href={order.autoStartLink} className="button-gold inline-flex">
              {t("openApp")}
            </a>
          )}
          {message && (
            <p role={ended ? "alert" : "status"} aria-live="polite" className="text-sm text-ink" data-testid="bankid-message">
              {message}
            </p>
          )}
          <div className="flex justify-center gap-3">
            {ended && (
              <Button variant="outline" className="text-ink" onClick={reset}>
                {t("tryAgain")}
              </Button>
            )}
            <Button variant="outline" className="text-ink" onClick={close}>
              {ended ? t("close") : t("cancel")}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
