import { audienceOf, kindsOfAudience, type ChannelChoices, type NotificationKind, type QuietHours } from "../../shared/notifications.ts";
import type { Executor } from "../jobs/queue.ts";
import { chosenChannels } from "./service.ts";

// ADR 267: a person's choices per kind and their quiet hours, beside the two switches of the
// profile (docs/product.md §2 notification preferences), which keep their meaning: e-mail off
// stops every notification e-mail that is not urgent, push off stops push on every device.

/** The kinds a person receives and, for each, the channels in force (their choice or the role's default). */
export async function readChannelChoices(
  executor: Executor,
  user: { id: string; role?: string | null },
): Promise<{ kinds: NotificationKind[]; channels: ChannelChoices; quietHours: QuietHours }> {
  const kinds = [...kindsOfAudience[audienceOf(user.role)]];
  const channels: ChannelChoices = {};
  for (const kind of kinds) channels[kind] = await chosenChannels(executor, user.id, user.role ?? null, kind);
  const profile = await executor
    .selectFrom("profiles")
    .select(["quiet_hours_start", "quiet_hours_end"])
    .where("id", "=", user.id)
    .executeTakeFirst();
  const start = profile?.quiet_hours_start;
  const end = profile?.quiet_hours_end;
  return {
    kinds,
    channels,
    quietHours:
      start !== null && start !== undefined && end !== null && end !== undefined ? { start: Number(start), end: Number(end) } : null,
  };
}

/** Saves the given kinds' channels (one row per kind, replaced) and the quiet hours when given. */
export async function saveChannelChoices(
  executor: Executor,
  userId: string,
  input: { channels?: ChannelChoices | undefined; quietHours?: QuietHours | undefined },
): Promise<void> {
  for (const [kind, choice] of Object.entries(input.channels ?? {})) {
    if (!choice) continue;
    const values = { email: choice.email ? 1 : 0, sms: choice.sms ? 1 : 0, push: choice.push ? 1 : 0 };
    await executor
      .insertInto("notification_channel_choices")
      .values({ user_id: userId, kind, ...values })
      .onConflict((conflict) => conflict.columns(["user_id", "kind"]).doUpdateSet(values))
      .execute();
  }
  if (input.quietHours !== undefined) {
    await executor
      .updateTable("profiles")
      .set({ quiet_hours_start: input.quietHours?.start ?? null, quiet_hours_end: input.quietHours?.end ?? null })
      .where("id", "=", userId)
      .execute();
  }
}
