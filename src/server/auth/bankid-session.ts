import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

// ADR 272: a completed BankID order signs its person in with a session that is Better Auth's own:
// this plugin's endpoint creates it through Better Auth's internal adapter and sets the cookie as
// every other sign-in does (its path `/bankid/...` records the method "bankid", ADR 271). Server
// only: Better Auth's handler is not mounted (ADR 030), and SERVER_ONLY refuses it over HTTP even
// if it were; only the BankID service calls it, after BankID completed for this user.

export function bankIdSessionPlugin() {
  return {
    id: "bankid-session",
    endpoints: {
      signInWithCompletedBankIdOrder: createAuthEndpoint(
        "/bankid/sign-in",
        { method: "POST", body: z.object({ userId: z.string().min(1) }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError("NOT_FOUND", { message: "No such user" });
          const session = await ctx.context.internalAdapter.createSession(user.id);
          if (!session) throw new APIError("INTERNAL_SERVER_ERROR", { message: "Unable to create session" });
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
