import type { createAuthMiddleware } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { DbExecutor } from "../db/client.js";
import { session } from "../db/schema.js";
import { isTrustDeviceRecord } from "../services/users/trusted-devices.js";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Which factors a session's sign-in passed, recorded on the session row when it is made
 * (`second_factor`, `second_factor_at`), so a session is only ever as strong as the sign-in that
 * made it: a session made with the password alone stays that, whatever the account turns on later
 * in another browser. The back office takes only a session that passed the authenticator code or a
 * backup code within its 12-hour window (server/http/session.ts).
 */
export type SecondFactor = "totp" | "backup_code" | "trusted_device";

/** How long a second factor opens the back office: an admin session's whole life (12 hours). */
export const ADMIN_SECOND_FACTOR_MS = 12 * 60 * 60_000;

/** Whether a session may use the back office at `now`: it passed a code, not only a remembered browser, within 12 hours. */
export function passedSecondFactor(factor: string | null | undefined, at: Date | null | undefined, now: Date): boolean {
  return (factor === "totp" || factor === "backup_code") && !!at && now.getTime() - at.getTime() <= ADMIN_SECOND_FACTOR_MS;
}

interface FactorFields {
  secondFactor: SecondFactor | null;
  secondFactorAt: Date | null;
}

/**
 * The factor fields of a session better-auth is about to create, from the endpoint creating it:
 * the second step of a sign-in (or the code that turns two-factor on) passed a code; a new
 * password replaces the current session and keeps what it had passed; anything else (a sign-in
 * with the password alone, the verification link, turning two-factor off) passed none. better-auth
 * copies the old session's fields into a replacement, so every path sets both fields.
 */
export function factorsOfNewSession(ctx: HookContext | null | undefined, now: Date): FactorFields {
  const path = ctx?.path;
  if (path === "/two-factor/verify-totp") return { secondFactor: "totp", secondFactorAt: now };
  if (path === "/two-factor/verify-backup-code") return { secondFactor: "backup_code", secondFactorAt: now };
  if (path === "/change-password") {
    const current = ctx?.context.session?.session as Partial<FactorFields> | undefined;
    if (current?.secondFactor && current.secondFactorAt) return { secondFactor: current.secondFactor, secondFactorAt: new Date(current.secondFactorAt) };
  }
  return { secondFactor: null, secondFactorAt: null };
}

/** The two-factor plugin's cookie name (its TRUST_DEVICE_COOKIE_NAME), pinned by tests/trusted-devices.test.ts. */
const TRUST_DEVICE_COOKIE = "trust_device";
/** How long a browser stays trusted, from the code that trusted it (the plugin's `trustDeviceMaxAge`). */
export const TRUST_DEVICE_SECONDS = 30 * 24 * 60 * 60;


/** The trusted-device record this request's cookie names for `userId`, while it is valid. */
export async function trustedDevice(ctx: HookContext, userId: string): Promise<{ identifier: string; expiresAt: Date } | undefined> {
  const cookie = ctx.context.createAuthCookie(TRUST_DEVICE_COOKIE);
  // Signed with the auth secret: what it names was written by this server.
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  const identifier = value ? value.split("!")[1] : undefined;
  if (!identifier || !isTrustDeviceRecord(identifier)) return undefined;
  const record = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!record || record.value !== userId || !(new Date(record.expiresAt) > new Date())) return undefined;
  return { identifier, expiresAt: new Date(record.expiresAt) };
}

/**
 * The two-factor plugin replaces a trusted device's record at each sign-in with one good for
 * another 30 days. The replacement keeps the first record's end instead (the verification create
 * hook in server/auth.ts reads it from here), so a browser is trusted for 30 days from the code
 * that trusted it, however often it signs in. Keyed by the endpoint's context, which better-auth
 * hands to its hooks and to the database hooks of the same request.
 */
const trustEnds = new WeakMap<object, Date>();

export function keepTrustEnd(ctx: HookContext, expiresAt: Date): void {
  trustEnds.set(ctx.context, expiresAt);
}

export function keptTrustEnd(ctx: { context?: object } | null | undefined): Date | undefined {
  return ctx?.context ? trustEnds.get(ctx.context) : undefined;
}

/** A sign-in on a trusted browser passed the second factor by that browser: its session says so. */
export async function markTrustedDeviceSession(db: DbExecutor, token: string, now: Date): Promise<void> {
  await db.update(session).set({ secondFactor: "trusted_device", secondFactorAt: now }).where(eq(session.token, token));
}
