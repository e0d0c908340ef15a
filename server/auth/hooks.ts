import { APIError, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import { nameField } from "../../shared/schemas/auth.js";
import type { Database } from "../db/client.js";
import { user, verification } from "../db/schema.js";
import type { Config } from "../env.js";
import type { accountMail } from "./account-mail.js";
import { passwordProblem } from "./password-policy.js";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export interface HookDeps {
  db: Database;
  config: Config;
  mail: ReturnType<typeof accountMail>;
}

type Body = Record<string, unknown> | undefined;

const refuse = (code: string, message: string) => new APIError("BAD_REQUEST", { code, message });

/** Whose password is being set: the sign-up's address, the reset token's owner, or the signed-in user. */
async function passwordOwnerEmail(deps: HookDeps, ctx: HookContext, body: Body): Promise<string | undefined> {
  if (ctx.path === "/sign-up/email") return typeof body?.email === "string" ? body.email : undefined;
  if (ctx.path === "/reset-password") {
    const token = typeof body?.token === "string" ? body.token : undefined;
    if (!token) return undefined;
    const [found] = await deps.db
      .select({ email: user.email })
      .from(verification)
      .innerJoin(user, eq(user.id, verification.value))
      .where(eq(verification.identifier, `reset-password:${token}`));
    return found?.email;
  }
  return (await getSessionFromCtx(ctx))?.user.email;
}

/** The endpoints that set a password, and the body field that carries it. */
const PASSWORD_FIELD: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/** Checks before better-auth acts: the password policy, the display name, and what a change must also do. */
export async function beforeAuthEndpoint(deps: HookDeps, ctx: HookContext) {
  const body = ctx.body as Body;
  const field = PASSWORD_FIELD[ctx.path];
  const password = field ? body?.[field] : undefined;
  if (typeof password === "string") {
    const problem = passwordProblem(password, { email: await passwordOwnerEmail(deps, ctx, body), siteName: deps.config.site.name });
    if (problem) throw refuse("WEAK_PASSWORD", problem);
  }
  if (ctx.path === "/sign-up/email" || ctx.path === "/update-user") {
    // We show no pictures; a URL of any length is one more thing to store and echo.
    if (body?.image !== undefined && body.image !== null) throw refuse("VALIDATION_FAILED", "A profile picture cannot be set.");
    if (ctx.path === "/sign-up/email" || body?.name !== undefined) {
      const name = nameField.safeParse(body?.name);
      if (!name.success) throw refuse("VALIDATION_FAILED", name.error.issues[0]?.message ?? "Full name is not valid.");
      return { context: { body: { ...body, name: name.data } } };
    }
  }
  // A new password ends every other session, whatever the client asked for.
  if (ctx.path === "/change-password") return { context: { body: { ...body, revokeOtherSessions: true } } };
}

/** After better-auth acted: what a successful sign-in or password change also ends or tells. */
export async function afterAuthEndpoint(deps: HookDeps, ctx: HookContext) {
  if (isAPIError(ctx.context.returned)) return;
  if (ctx.path === "/sign-in/email" && ctx.context.newSession) {
    // Signing in on a browser that still holds a session ends that session, not only its cookie.
    const previous = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    if (previous && previous !== ctx.context.newSession.session.token) await ctx.context.internalAdapter.deleteSession(previous);
  }
  if (ctx.path === "/change-password") {
    const current = ctx.context.session ?? (await getSessionFromCtx(ctx));
    if (current) await deps.mail.passwordChanged(current.user, "change");
  }
  // The owner hears of every change to how the account signs in (two-factor on and off: see
  // twoFactorChanged, where the user row changes).
  if (ctx.path === "/two-factor/generate-backup-codes" && ctx.context.session) await deps.mail.securityChanged(ctx.context.session.user, "backup-codes");
}

/**
 * better-auth writes `twoFactorEnabled` on the user only when an enrolment is confirmed and when it
 * is turned off; a sign-in with a code never does. So the endpoint that changed the row says which.
 */
export async function twoFactorChanged(deps: HookDeps, account: { name: string; email: string; id: string }, path: string | undefined) {
  if (path === "/two-factor/verify-totp") await deps.mail.securityChanged(account, "two-factor-on");
  if (path === "/two-factor/disable") await deps.mail.securityChanged(account, "two-factor-off");
}