import { APIError, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import { emailField, MESSAGES, nameField, signUpConsentSchema } from "#shared/schemas/auth.js";
import { fieldMessages } from "#shared/schemas/field-messages.js";
import { AppError } from "../errors.js";
import type { Database } from "../db/client.js";
import { user, verification } from "../db/schema.js";
import type { Config } from "../env.js";
import { verificationMailsLeft, type accountMail } from "./account-mail.js";
import { recordAudit } from "../services/audit/record-audit.js";
import { claimSecondFactorCode, screenSecondFactorCode, WrongSecondFactorCode, type CodeKind } from "../services/two-factor/second-factor-code.js";
import { endSessions } from "../services/users/end-sessions.js";
import { assertCodesAccepted, type CodeUse } from "../services/two-factor/wrong-codes.js";
import { backupCodeAsStored } from "./backup-code-store.js";
import { isAccountPassword } from "./password-hash.js";
import { passwordProblem } from "./password-policy.js";
import { forgetTrustedDevices } from "../services/users/trusted-devices.js";
import { keepTrustEnd, markTrustedDeviceSession, trustedDevice } from "./session-factors.js";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export interface HookDeps {
  db: Database;
  config: Config;
  mail: ReturnType<typeof accountMail>;
}

type Body = Record<string, unknown> | undefined;

/** A 400 in better-auth's shape; `field` names the input it is about, so the form shows it under that input. */
const refuse = (code: string, message: string, field?: string) =>
  new APIError("BAD_REQUEST", { code, message, ...(field ? { fields: { [field]: message } } : {}) });

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

/** Checks before better-auth acts: the password policy, names, codes, and what a change must also do. */
export async function beforeAuthEndpoint(deps: HookDeps, ctx: HookContext) {
  const body = ctx.body as Body;
  const field = PASSWORD_FIELD[ctx.path];
  const password = field ? body?.[field] : undefined;
  if (typeof password === "string") {
    const problem = passwordProblem(password, { email: await passwordOwnerEmail(deps, ctx, body), siteName: deps.config.site.name });
    if (problem) throw refuse("WEAK_PASSWORD", problem, field);
  }
  if (ctx.path === "/sign-up/email") {
    const email = emailField.safeParse(body?.email);
    if (!email.success) throw refuse("VALIDATION_FAILED", email.error.issues[0]?.message ?? MESSAGES.invalidEmail, "email");
    // The terms and the risk disclosure must both be accepted; the hook in server/auth.ts records which versions.
    const consent = signUpConsentSchema.safeParse({ acceptTerms: body?.acceptTerms, acceptRisk: body?.acceptRisk });
    if (!consent.success) {
      const fields = fieldMessages(consent.error.issues);
      throw new APIError("BAD_REQUEST", { code: "CONSENT_REQUIRED", message: Object.values(fields)[0] ?? MESSAGES.consentRequired, fields });
    }
  }
  if (ctx.path === "/sign-up/email" || ctx.path === "/update-user") {
    // We show no pictures; a URL of any length is one more thing to store and echo.
    if (body?.image !== undefined && body.image !== null) throw refuse("VALIDATION_FAILED", "A profile picture cannot be set.");
    if (ctx.path === "/sign-up/email" || body?.name !== undefined) {
      const name = nameField.safeParse(body?.name);
      if (!name.success) throw refuse("VALIDATION_FAILED", name.error.issues[0]?.message ?? "Full name is not valid.", "name");
      return { context: { body: { ...body, name: name.data } } };
    }
  }
  if (ctx.path === "/send-verification-email") await tellOwnerWhenCapped(deps, ctx);
  if (ctx.path === "/two-factor/verify-totp") return spendTotpCode(deps, ctx, body);
  if (ctx.path === "/two-factor/verify-backup-code") return checkBackupCode(deps, ctx, body);
  if (ctx.path === "/two-factor/disable" || ctx.path === "/two-factor/generate-backup-codes") {
    // The password first, so a wrong one does not use up the code given with it.
    await requirePassword(deps, ctx, body, "Enter your current password.");
    await requireCurrentCode(deps, ctx, body);
  }
  if (ctx.path === "/revoke-session" || ctx.path === "/revoke-other-sessions") {
    await requirePassword(deps, ctx, body, "Enter your current password to sign out other sessions.");
  }
  // A new password ends every other session, whatever the client asked for.
  if (ctx.path === "/change-password") return { context: { body: { ...body, revokeOtherSessions: true } } };
}

/**
 * Verification links are capped per account; a stranger asking for someone's address is answered
 * as if it were sent, but the signed-in owner is told to wait, so their button says so.
 */
async function tellOwnerWhenCapped(deps: HookDeps, ctx: HookContext) {
  if (!deps.config.rateLimit) return;
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  const left = await verificationMailsLeft(deps.db, session.user.id);
  if (!left.allowed) {
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { code: "RATE_LIMITED", message: "We sent you several links this hour. Please use the newest one, or wait and ask again." },
      { "Retry-After": String(left.retryAfterSeconds) },
    );
  }
}

/** Whose code this is: the signed-in user (confirming an enrolment) or the one half-way through a sign-in. */
async function codeOwner(ctx: HookContext): Promise<{ userId: string; use: CodeUse } | undefined> {
  const session = await getSessionFromCtx(ctx);
  if (session) return { userId: session.user.id, use: "enrolment" };
  const cookie = ctx.context.createAuthCookie("two_factor");
  const pending = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  const userId = pending ? (await ctx.context.internalAdapter.findVerificationValue(pending))?.value : undefined;
  return userId ? { userId, use: "sign-in" } : undefined;
}

const invalidCode = (message: string) => new APIError("UNAUTHORIZED", { code: "INVALID_CODE", message });

/**
 * The second step's body as better-auth may take it: an admin's browser is never trusted (every
 * admin sign-in asks for the code), so `trustDevice` is dropped for one.
 */
async function withoutAdminTrust(deps: HookDeps, userId: string, body: Body): Promise<Body> {
  if (!body?.trustDevice) return body;
  const [found] = await deps.db.select({ role: user.role }).from(user).where(eq(user.id, userId));
  return found?.role === "admin" ? { ...body, trustDevice: false } : body;
}

/** Our code refusals in better-auth's shape: a wrong code 401 INVALID_CODE (as better-auth answers), a lock 429. */
async function screened(deps: HookDeps, ctx: HookContext, owner: { userId: string; use: CodeUse }, code: string, kind: CodeKind, refusal: (message: string) => APIError) {
  try {
    await screenSecondFactorCode(deps.db, { key: ctx.context.secretConfig, userId: owner.userId, code, kind, use: owner.use, publicUrl: deps.config.publicUrl, now: new Date() });
  } catch (error) {
    if (error instanceof WrongSecondFactorCode) throw refusal(error.message);
    toAuthError(error);
  }
}

/**
 * A TOTP code at the second step of a sign-in or when turning two-factor on: screened (a locked
 * account refused, a wrong code counted for the account, server/services/two-factor/), then used
 * up before better-auth accepts it, so the same code cannot complete a second sign-in (nor allow
 * a payout) within its 30 seconds.
 */
async function spendTotpCode(deps: HookDeps, ctx: HookContext, body: Body) {
  const owner = await codeOwner(ctx);
  if (!owner || typeof body?.code !== "string") return;
  const code = body.code;
  await screened(deps, ctx, owner, code, "totp", invalidCode);
  await deps.db
    .transaction((tx) => claimSecondFactorCode(tx, ctx.context.secretConfig, owner.userId, code, "totp", new Date()))
    .catch((error: unknown) => (error instanceof WrongSecondFactorCode ? Promise.reject(invalidCode(error.message)) : toAuthError(error)));
  return { context: { body: await withoutAdminTrust(deps, owner.userId, body) } };
}

/**
 * A backup code at the second step of a sign-in, screened like any code. The stored codes are
 * hashes (server/auth/backup-code-store.ts): a right one goes on to better-auth as its hash, which
 * better-auth finds in the stored list and removes.
 */
async function checkBackupCode(deps: HookDeps, ctx: HookContext, body: Body) {
  const owner = await codeOwner(ctx);
  if (!owner || typeof body?.code !== "string") return;
  await screened(deps, ctx, owner, body.code, "backup", (message) => new APIError("UNAUTHORIZED", { code: "INVALID_BACKUP_CODE", message }));
  return { context: { body: { ...(await withoutAdminTrust(deps, owner.userId, body)), code: backupCodeAsStored(body.code) } } };
}

/** Our refusals (AppError) in better-auth's shape, so its endpoints answer them with the same status and code. */
function toAuthError(error: unknown): never {
  if (error instanceof AppError) {
    throw new APIError(error.status === 429 ? "TOO_MANY_REQUESTS" : "BAD_REQUEST", { code: error.code, message: error.message }, error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined);
  }
  throw error;
}

/**
 * Turning two-factor off or replacing its backup codes takes the password and a current code (or a
 * backup code), screened and counted like every other code of the account.
 */
async function requireCurrentCode(deps: HookDeps, ctx: HookContext, body: Body) {
  const session = await getSessionFromCtx(ctx);
  if (!session || !(session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) return;
  const userId = session.user.id;
  const code = typeof body?.code === "string" ? body.code.trim().replace(/\s+/g, "") : "";
  if (!code) {
    await assertCodesAccepted(deps.db, userId, new Date()).catch(toAuthError);
    throw refuse("TWO_FACTOR_CODE_REQUIRED", MESSAGES.secondFactorCodeRequired);
  }
  const refusal = (message: string) => refuse("INVALID_CODE", message);
  await screened(deps, ctx, { userId, use: "two-factor change" }, code, "either", refusal);
  await deps.db
    .transaction((tx) => claimSecondFactorCode(tx, ctx.context.secretConfig, userId, code, "either", new Date()))
    .catch((error: unknown) => (error instanceof WrongSecondFactorCode ? Promise.reject(refusal(error.message)) : toAuthError(error)));
}

/** Ending sessions or changing two-factor is for whoever knows the password, not whoever holds a session. */
async function requirePassword(deps: HookDeps, ctx: HookContext, body: Body, message: string) {
  const session = await getSessionFromCtx(ctx);
  if (!session) return;
  const given = typeof body?.password === "string" ? body.password : "";
  if (!(await isAccountPassword(deps.db, session.user.id, given))) {
    throw refuse("INVALID_PASSWORD", message);
  }
}

/** After better-auth acted: what a successful sign-in or password change also ends or tells. */
export async function afterAuthEndpoint(deps: HookDeps, ctx: HookContext) {
  if (isAPIError(ctx.context.returned)) return;
  if (ctx.path === "/sign-in/email" && ctx.context.newSession) {
    const { session: created, user: signedIn } = ctx.context.newSession;
    // Signing in on a browser that still holds a session ends that session, not only its cookie.
    const previous = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
    if (previous && previous !== created.token) await ctx.context.internalAdapter.deleteSession(previous);
    if ((signedIn as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) await signInOnTrustedDevice(deps, ctx, created.token, signedIn);
  }
  if (ctx.path === "/change-password") {
    const current = ctx.context.session ?? (await getSessionFromCtx(ctx));
    if (current) {
      await forgetTrustedDevices(deps.db, current.user.id);
      await auditOwnSecurityChange(deps, current.user.id, "security.password_changed", { password: "changed", otherSessionsEnded: true });
      await deps.mail.passwordChanged(current.user, "change");
    }
  }
  // The owner hears of every change to how the account signs in, and the audit log keeps it (two-factor
  // on and off: see twoFactorChanged, where the user row changes; a reset: passwordWasReset).
  if (ctx.path === "/two-factor/generate-backup-codes" && ctx.context.session) {
    await forgetTrustedDevices(deps.db, ctx.context.session.user.id);
    await auditOwnSecurityChange(deps, ctx.context.session.user.id, "security.backup_codes_regenerated", { backupCodes: "regenerated" });
    await deps.mail.securityChanged(ctx.context.session.user, "backup-codes");
  }
}

/**
 * A completed reset (better-auth's onPasswordReset: the token was spent and the password set). Not
 * in afterAuthEndpoint: by then the token is gone, and with it the only way to tell whose it was.
 */
export async function passwordWasReset(deps: HookDeps, account: { id: string; name: string; email: string }) {
  await forgetTrustedDevices(deps.db, account.id);
  await auditOwnSecurityChange(deps, account.id, "security.password_reset", { password: "reset", sessionsEnded: true });
  await deps.mail.passwordChanged(account, "reset");
}

/**
 * A security setting the account's owner changed themselves: they are both actor and target. Only
 * what happened is recorded, never a password, code or token (the log is read by every admin, and
 * kept for good).
 */
function auditOwnSecurityChange(deps: HookDeps, userId: string, action: string, after: Record<string, unknown>) {
  return recordAudit(deps.db, { actorId: userId, action, targetType: "user", targetId: userId, before: null, after });
}

/**
 * better-auth writes `twoFactorEnabled` on the user only when an enrolment is confirmed and when it
 * is turned off; a sign-in with a code never does. So the endpoint that changed the row says which.
 */
export async function twoFactorChanged(deps: HookDeps, account: { name: string; email: string; id: string }, path: string | undefined) {
  const enabled = path === "/two-factor/verify-totp" ? true : path === "/two-factor/disable" ? false : undefined;
  if (enabled === undefined) return;
  // Every session ends (better-auth then makes the one this browser goes on with) and no browser
  // stays trusted: whatever signed in before the change signs in again under the new rules.
  await endSessions(deps.db, account.id);
  await forgetTrustedDevices(deps.db, account.id);
  await recordAudit(deps.db, {
    actorId: account.id,
    action: enabled ? "security.two_factor_enabled" : "security.two_factor_disabled",
    targetType: "user",
    targetId: account.id,
    before: { twoFactorEnabled: !enabled },
    after: { twoFactorEnabled: enabled },
  });
  await deps.mail.securityChanged(account, enabled ? "two-factor-on" : "two-factor-off");
}
/**
 * The password was right and the account has two-factor on; the two-factor plugin (whose hook runs
 * after this one) keeps the session only on a browser trusted by an earlier code. Here: an admin's
 * browser is never trusted (its record goes, so the plugin asks for the code), and on a user's the
 * session records that a trusted browser stood in for the code, and the plugin's fresh record will
 * end when the first one did.
 */
async function signInOnTrustedDevice(deps: HookDeps, ctx: HookContext, token: string, signedIn: { id: string; role?: string | null }) {
  const device = await trustedDevice(ctx, signedIn.id);
  if (!device) return;
  if (signedIn.role === "admin") {
    await ctx.context.internalAdapter.deleteVerificationByIdentifier(device.identifier);
    return;
  }
  keepTrustEnd(ctx, device.expiresAt);
  await markTrustedDeviceSession(deps.db, token, new Date());
}
