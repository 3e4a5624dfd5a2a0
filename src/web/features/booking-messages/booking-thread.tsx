import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { MessagesSquare } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm, type FieldError } from "react-hook-form";
import type { z } from "zod";
import { threadMessageSchema, type ThreadMessage } from "../../../shared/booking-messages.ts";
import { formatInstant } from "../../../shared/time.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { classNames } from "../../components/ui/class-names.ts";
import { isApiError } from "../../lib/api-client.ts";
import { describeApiError } from "../../lib/query-client.ts";
import { isTranslationKey, useTranslation, type TFunction } from "../../lib/i18n.ts";
import { threadQuery, useMarkThreadRead, useSendMessage, type ThreadScope } from "./api.ts";
import { threadNamespace } from "./thread-translations.ts";

// docs/product.md §12: the booking's message thread, the newest message at the bottom. The same
// component serves the customer's booking page and the console's; new messages arrive through the
// live stream (the section layout's useLiveEvents) without a reload, and the thread is marked read
// while it is on screen (read receipts). Its anchor #messages is where the notification mail links.

type FormInput = z.input<typeof threadMessageSchema>;
type FormOutput = z.output<typeof threadMessageSchema>;

/** Whether the page is in front of the reader (a thread in a background tab is not "viewed"). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === "undefined" || document.visibilityState === "visible");
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return visible;
}

export function BookingThread({ bookingId, scope }: { bookingId: string; scope: ThreadScope }) {
  const { t, i18n } = useTranslation(threadNamespace);
  const thread = useQuery(threadQuery(scope, bookingId));
  const send = useSendMessage(scope, bookingId);
  const markRead = useMarkThreadRead(scope, bookingId);
  const visible = usePageVisible();
  const list = useRef<HTMLOListElement>(null);
  const messages = thread.data?.messages ?? [];
  const newestId = messages.at(-1)?.id ?? 0;
  const unread = thread.data?.unread ?? 0;

  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(threadMessageSchema), defaultValues: { text: "" } });

  // Read receipts: viewing the thread marks what is on screen read.
  const { mutate: markSeen, isPending: marking } = markRead;
  useEffect(() => {
    if (visible && unread > 0 && newestId > 0 && !marking) markSeen(newestId);
  }, [visible, unread, newestId, marking, markSeen]);

  // The newest message stays in view as messages arrive.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  // The mail's link ends in #messages: bring the thread into view once it has loaded.
  const loaded = thread.isSuccess;
  // ADR 257: the thread is laid out only once the booking above it is shown, so it waits for its size.
  useEffect(() => {
    const element = document.getElementById("messages");
    if (!loaded || window.location.hash !== "#messages" || !element) return;
    const observer = new ResizeObserver(() => {
      if (element.offsetHeight === 0) return;
      element.scrollIntoView({ block: "start" });
      observer.disconnect();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loaded]);

  function messageFor(error: FieldError | undefined): string | undefined {
    if (!error?.message) return undefined;
    return error.type === "server" || !isTranslationKey(threadNamespace, error.message) ? error.message : t(error.message);
  }

  async function submit(values: FormOutput) {
    try {
      await send.mutateAsync(values);
      reset({ text: "" });
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.fields.text) setError("text", { type: "server", message: error.fields.text });
      else setError("text", { type: "server", message: isApiError(error) ? describeApiError(error) : t("sendFailed") });
    }
  }

  return (
    <section
      id="messages"
      aria-labelledby={`thread-heading-${bookingId}`}
      className="mt-10 scroll-mt-24 rounded-lg border border-ink-line/15 bg-white p-4 sm:p-6"
      data-testid="booking-thread"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`thread-heading-${bookingId}`} className="flex items-center gap-2 text-2xl">
          <MessagesSquare className="h-6 w-6 text-gold-deep" aria-hidden="true" />
          {t("heading")}
        </h2>
        {unread > 0 && (
          <Badge tone="highlight" size="md">
            <span data-testid="thread-unread">{t("unread", { count: unread })}</span>
          </Badge>
        )}
      </div>
      <p className="mt-2 max-w-prose text-sm text-stone">{t(scope === "customer" ? "customerIntro" : "staffIntro")}</p>

      <div className="mt-4">
        <QueryState
          query={thread}
          loadingLabel={t("loading")}
          loadingClassName="space-y-3"
          loading={
            <>
              <Skeleton className="h-14 w-3/4" />
              <Skeleton className="ml-auto h-14 w-3/4" />
            </>
          }
          errorTitle={t("loadFailed")}
        >
          {() => (
            <ol
              ref={list}
              // Scrollable, so reachable by keyboard (WCAG 2.1.1); new messages are announced politely.
              tabIndex={0}
              aria-label={t("listLabel")}
              aria-live="polite"
              aria-relevant="additions"
              className="max-h-[28rem] space-y-3 overflow-y-auto rounded-md bg-paper p-3 focus-visible:outline-2 focus-visible:outline-gold-deep"
              data-testid="thread-messages"
            >
              {messages.length === 0 && <li className="py-6 text-center text-sm text-stone">{t("empty")}</li>}
              {messages.map((message) => (
                <MessageItem key={message.id} message={message} scope={scope} t={t} language={i18n.language} />
              ))}
            </ol>
          )}
        </QueryState>
      </div>

      {thread.data && !thread.data.open ? (
        <p className="mt-4 text-sm text-stone">{t("closed")}</p>
      ) : (
        <form onSubmit={handleSubmit(submit)} noValidate className="mt-4 space-y-3" aria-busy={isSubmitting}>
          <Textarea
            label={t("newMessage")}
            hint={t("hint")}
            rows={3}
            maxLength={4000}
            error={messageFor(errors.text)}
            data-testid="thread-input"
            {...register("text")}
          />
          <Button type="submit" loading={isSubmitting} data-testid="thread-send">
            {isSubmitting ? t("sending") : t("send")}
          </Button>
        </form>
      )}
    </section>
  );
}

function MessageItem({
  message,
  scope,
  t,
  language,
}: {
  message: ThreadMessage;
  scope: ThreadScope;
  t: TFunction<"bookingThread">;
  language: string;
}) {
  const when = formatInstant(message.createdAt, language);
  if (message.author === "system") {
    return (
      <li className="px-2 py-3 text-center text-sm text-stone italic" data-testid="thread-note">
        {message.kind === "account_deleted" ? t("accountDeleted") : message.text}
        <span className="block text-xs not-italic">{when}</span>
      </li>
    );
  }
  const who = message.own
    ? t("you")
    : message.author === "staff"
      ? message.authorName
        ? t("staffName", { name: message.authorName })
        : t("team")
      : t("customer");
  // The staff side signs its own replies too, so an operator sees which colleague wrote what.
  const ownStaffName = message.own && scope === "staff" && message.authorName ? ` (${message.authorName})` : "";
  return (
    <li className={classNames("flex", message.own ? "justify-end" : "justify-start")} data-testid="thread-message" data-own={message.own}>
      <div
        className={classNames(
          "max-w-[85%] rounded-lg px-4 py-2.5 shadow-sm",
          message.own ? "bg-ink text-paper" : "border border-ink-line/15 bg-white text-ink",
        )}
      >
        <p className={classNames("text-xs font-semibold", message.own ? "text-gold" : "text-stone")}>
          {who}
          {ownStaffName}
          <span className="font-normal"> · {when}</span>
        </p>
        <p className="mt-1 text-sm break-words whitespace-pre-line">{message.text}</p>
      </div>
    </li>
  );
}
