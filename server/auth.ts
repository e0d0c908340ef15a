import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { admin, twoFactor } from "better-auth/plugins";
import { accountMail } from "./auth/account-mail.js";
import { backupCodeOptions } from "./auth/backup-code-store.js";
import { refuseClosedAccount } from "./auth/closed-account.js";
import { factorsOfNewSession, keptTrustEnd, TRUST_DEVICE_SECONDS } from "./auth/session-factors.js";
import { isTrustDeviceRecord } from "./services/users/trusted-devices.js";
import { afterAuthEndpoint, beforeAuthEndpoint, passwordWasReset, twoFactorChanged } from "./auth/hooks.js";
import { createPasswordVerifier, hashPassword } from "./auth/password-hash.js";
import { latestExpiry, roleOf } from "./auth/session-lifetime.js";
import { findReferrer, newReferralCode, normalizeReferralCode } from "./services/referrals/referral-code.js";
import type { Database } from "./db/client.js";
import { schema } from "./db/schema.js";
import type { Config } from "./env.js";
import type { Logger } from "./logger.js";

/** Set from the TCP connection (or the trusted proxy's header) by the HTTP layer; never from the client. */
export const CLIENT_IP_HEADER = "x-termvest-client-ip";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export interface AuthDeps {
  db: Database;
  config: Config;
  secret: string;
  logger: Logger;
  /** The published versions of the operator's pages; a sign-up's consent records terms and risk. */
  legalVersions: Record<"terms" | "risk", string | null>;
}

export function createAuth({ db, config, secret, logger, legalVersions }: AuthDeps) {
  const authLog = logger.child({ module: "auth" });
  const mail = accountMail(db, config, logger);
  const limits = { userMaxMs: config.session.maxSeconds * 1000 };
  const hookDeps = { db, config, mail };
  const auth = betterAuth({
    appName: config.site.name,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, { provider: "pg", schema }),
    logger: {
      log: (level, message) => authLog[level]({}, message),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: createPasswordVerifier(db) },
      // No session from sign-up: a new address and a taken one get the same answer, and the
      // owner of a taken one is told by e-mail instead (server/routes/auth.ts evens out the body).
      autoSignIn: false,
      onExistingUserSignUp: ({ user }) => mail.existingAccount(user),
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: HOUR,
      sendResetPassword: ({ user, url }) => mail.passwordReset(user, url),
      onPasswordReset: ({ user }) => passwordWasReset(hookDeps, user),
    },
    emailVerification: {
      sendOnSignUp: true,
      // Sign-up opens no session (above), so the link in the new user's inbox does: they land on the
      // dashboard signed in instead of being asked to log in again. Only on the browser that signed
      // up, though; anywhere else the address is verified and no session is kept
      // (server/auth/verification-link-binding.ts).
      autoSignInAfterVerification: true,
      expiresIn: 24 * HOUR,
      sendVerificationEmail: ({ user, url }) => mail.verifyEmail(user, url),
    },
    session: {
      // Idle timeout: a remembered session lives `idleSeconds` past its last refresh.
      expiresIn: config.session.idleSeconds,
      updateAge: Math.min(config.session.idleSeconds / 2, 24 * HOUR),
      // better-auth would refuse the session list to any session older than a day. What needs
      // proof of the person is guarded by a password (and a code) instead: server/auth/hooks.ts.
      freshAge: 0,
      additionalFields: {
        // Which second factor the sign-in that made this session passed (server/auth/session-factors.ts).
        secondFactor: { type: "string", required: false, input: false },
        secondFactorAt: { type: "date", required: false, input: false },
      },
    },
    rateLimit: {
      enabled: config.rateLimit,
      storage: "database",
      modelName: "rateLimit",
      window: MINUTE,
      max: 100,
      // Per client address. Wrong passwords are also counted per account and per address by the
      // HTTP shell (server/auth/sign-in-guard.ts); these only bound the work one address can ask
      // for, and leave room for an office of people behind one address.
      customRules: {
        "/sign-in/email": { window: MINUTE, max: 60 },
        "/sign-up/email": { window: HOUR, max: 30 },
        "/request-password-reset": { window: 10 * MINUTE, max: 10 },
        "/send-verification-email": { window: 10 * MINUTE, max: 5 },
        "/reset-password": { window: 10 * MINUTE, max: 10 },
        "/change-password": { window: 10 * MINUTE, max: 5 },
      },
    },
    advanced: {
      useSecureCookies: config.isProduction,
      cookiePrefix: "termvest",
      // better-auth skips the Origin (CSRF) check under NODE_ENV=test; tests must see production behaviour.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    user: {
      additionalFields: {
        // Set by the server only (input: false); a sign-up carries `ref`, resolved in the hook below.
        referralCode: { type: "string", required: false, input: false },
        referredBy: { type: "string", required: false, input: false, returned: false },
        // Consent at sign-up, set by the hook below from what the server published, never by the client.
        consentedAt: { type: "date", required: false, input: false, returned: false },
        termsVersion: { type: "string", required: false, input: false, returned: false },
        riskVersion: { type: "string", required: false, input: false, returned: false },
      },
    },
    plugins: [
      // Its /admin/* endpoints are not reachable: the HTTP shell serves only the endpoints we use,
      // and operator actions go through our own audited /api/admin routes.
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      twoFactor({
        issuer: config.site.name,
        trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
        backupCodeOptions: backupCodeOptions(secret),
        // Wrong codes are counted and locked per account by our hooks, for every code the account is
        // asked (server/services/two-factor/wrong-codes.ts); the plugin's own count would be a
        // second one, and its reset on a right code could end our running lock.
        accountLockout: { enabled: false },
      }),
    ],
    hooks: {
      before: createAuthMiddleware((ctx) => beforeAuthEndpoint(hookDeps, ctx)),
      after: createAuthMiddleware((ctx) => afterAuthEndpoint(hookDeps, ctx)),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (data, ctx) => {
            const code = normalizeReferralCode((ctx?.body as { ref?: unknown } | undefined)?.ref);
            const referredBy = code ? await findReferrer(db, code) : undefined;
            // server/auth/hooks.ts refused the sign-up unless both boxes were ticked; a user made any
            // other way (an admin tool, a test) gave no consent and records none.
            const consent =
              ctx?.path === "/sign-up/email"
                ? { consentedAt: new Date(), termsVersion: legalVersions.terms, riskVersion: legalVersions.risk }
                : { consentedAt: null, termsVersion: null, riskVersion: null };
            return { data: { ...data, referralCode: newReferralCode(), referredBy: referredBy ?? null, ...consent } };
          },
        },
        update: {
          after: (user, ctx) => twoFactorChanged(hookDeps, user, ctx?.path),
        },
      },
      session: {
        create: {
          // None for a closed account. An admin's session starts with the admin's short idle timeout,
          // and every session records which second factor made it.
          before: async (data, ctx) => {
            await refuseClosedAccount(db, data.userId);
            const now = new Date();
            const latest = latestExpiry(await roleOf(db, data.userId), now, now, limits);
            const expiresAt = new Date(data.expiresAt) > latest ? latest : data.expiresAt;
            return { data: { ...data, expiresAt, ...factorsOfNewSession(ctx, now) } };
          },
        },
        update: {
          // Refreshing never extends a session past its role's limits.
          before: async (data, ctx) => {
            const current = ctx?.context.session;
            if (!current || !data.expiresAt) return;
            const role = (current.user as { role?: string | null }).role;
            const latest = latestExpiry(role, new Date(current.session.createdAt), new Date(), limits);
            if (new Date(data.expiresAt) > latest) return { data: { ...data, expiresAt: latest } };
          },
        },
      },
      verification: {
        create: {
          // A trusted browser stays trusted 30 days from the code that trusted it, not from its last sign-in.
          before: async (data, ctx) => {
            const end = isTrustDeviceRecord(data.identifier) ? keptTrustEnd(ctx) : undefined;
            if (end) return { data: { ...data, expiresAt: end } };
          },
        },
      },
    },
  });
  // What the session update hook above enforces, for the session lookup that must know when
  // better-auth's refresh would change a session (server/auth/session-lookup.ts).
  return Object.assign(auth, { sessionLimits: limits });
}

export type Auth = ReturnType<typeof createAuth>;
