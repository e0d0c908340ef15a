import { AsyncLocalStorage } from "node:async_hooks";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin } from "better-auth/plugins";
import { passwordProblem } from "./auth/password-policy.js";
import { findReferrer, newReferralCode, normalizeReferralCode } from "./services/referrals/referral-code.js";
import type { Database } from "./db/client.js";
import { schema } from "./db/schema.js";
import type { Config } from "./env.js";
import type { Logger } from "./logger.js";
import { passwordResetMail } from "./mail/templates.js";
import type { Mailer } from "./mail/mailer.js";

/** Set from the TCP connection (or the trusted proxy's header) by the HTTP layer; never from the client. */
export const CLIENT_IP_HEADER = "x-termvest-client-ip";

/**
 * better-auth sends reset mail without surfacing failures; the HTTP layer opens one of these per
 * request so it can tell the user "Failed to send" only when the sending really failed.
 */
export const mailOutcome = new AsyncLocalStorage<{ failed: boolean }>();

const MINUTE = 60;

/** The endpoints that set a password, and the body field that carries it. */
const PASSWORD_FIELD: Record<string, "password" | "newPassword"> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

export interface AuthDeps {
  db: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
  logger: Logger;
}

export function createAuth({ db, config, secret, mailer, logger }: AuthDeps) {
  const authLog = logger.child({ module: "auth" });
  return betterAuth({
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
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * MINUTE,
      sendResetPassword: async ({ user, url }) => {
        try {
          await mailer.send(passwordResetMail({ siteName: config.site.name, name: user.name, to: user.email, url }));
        } catch (error) {
          authLog.error({ err: error }, "password reset mail failed");
          const outcome = mailOutcome.getStore();
          if (outcome) outcome.failed = true;
        }
      },
    },
    session: {
      // Idle timeout: a remembered session lives `idleSeconds` past its last refresh.
      expiresIn: config.session.idleSeconds,
      updateAge: Math.min(config.session.idleSeconds / 2, 24 * 60 * MINUTE),
    },
    rateLimit: {
      enabled: config.rateLimit,
      storage: "database",
      modelName: "rateLimit",
      window: MINUTE,
      max: 100,
      customRules: {
        "/sign-in/email": { window: MINUTE, max: 5 },
        "/sign-up/email": { window: 10 * MINUTE, max: 5 },
        "/request-password-reset": { window: 10 * MINUTE, max: 3 },
        "/reset-password": { window: 10 * MINUTE, max: 5 },
        "/change-password": { window: 10 * MINUTE, max: 5 },
        "/get-session": false,
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
      },
    },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = PASSWORD_FIELD[ctx.path];
        const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof password === "string") {
          const problem = passwordProblem(password);
          if (problem) throw new APIError("BAD_REQUEST", { code: "WEAK_PASSWORD", message: problem });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (data, ctx) => {
            const code = normalizeReferralCode((ctx?.body as { ref?: unknown } | undefined)?.ref);
            const referredBy = code ? await findReferrer(db, code) : undefined;
            return { data: { ...data, referralCode: newReferralCode(), referredBy: referredBy ?? null } };
          },
        },
      },
      session: {
        update: {
          // Absolute lifetime: refreshing never extends a session past createdAt + maxSeconds.
          before: async (data, ctx) => {
            const current = ctx?.context.session?.session;
            if (!current || !data.expiresAt) return;
            const limit = new Date(new Date(current.createdAt).getTime() + config.session.maxSeconds * 1000);
            const requested = new Date(data.expiresAt);
            if (requested > limit) return { data: { ...data, expiresAt: limit } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
