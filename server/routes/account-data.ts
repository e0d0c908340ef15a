import type { MiddlewareHandler } from "hono";
import { accountExportDto, closeAccountSchema, closedAccountDto, exportFileName } from "#shared/schemas/account-data.js";
import type { AppDeps } from "../app-deps.js";
import { isAccountPassword } from "../auth/password-hash.js";
import { AppError } from "../errors.js";
import { ApiRouter } from "../http/api-router.js";
import type { AppEnv } from "../http/session.js";
import { closeAccount } from "../services/account-data/close-account.js";
import { exportAccount } from "../services/account-data/export-account.js";
import { consumeRateLimit, type RateLimitRule } from "../services/rate-limit/consume-rate-limit.js";

/** Reading every record of an account is the dearest read an investor can ask for: a few an hour. */
export const EXPORT_LIMIT = { max: 10, windowSeconds: 60 * 60 } as const;
/** Each try at closing checks the password: as few as changing the password allows (better-auth's limit). */
export const CLOSE_LIMIT = { max: 5, windowSeconds: 10 * 60 } as const;

const WRONG_PASSWORD = "Your password is not correct.";

/**
 * The investor's own data (docs/product.md, "Your data and closing an account"): all of it as a
 * JSON file, and closing the account. Both are the signed-in caller's own; no path names a user.
 */
export function accountDataRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock">) {
  const { database, config, clock } = deps;

  /** Counted per account before the body is read, so malformed tries and wrong passwords cost one too. */
  const perUser =
    (name: string, rule: Omit<RateLimitRule, "key">, message: string): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      if (config.rateLimit) {
        const limit = await consumeRateLimit(database.db, { key: `${name}:${c.get("user").id}`, ...rule });
        if (!limit.allowed) throw new AppError("RATE_LIMITED", message, undefined, limit.retryAfterSeconds);
      }
      await next();
    };

  return new ApiRouter("/api/me", deps)
    .on(
      {
        method: "get",
        path: "/export",
        summary: "Everything held about the caller's account, as a JSON file (Content-Disposition: attachment); never a password, token, secret or identity file",
        auth: "user",
        response: accountExportDto,
        guard: perUser("account-export", EXPORT_LIMIT, "You downloaded your data several times just now. Please try again in an hour."),
      },
      async (c) => {
        const now = clock.now();
        const data = await exportAccount(database.db, c.get("user").id, now);
        c.header("Content-Disposition", `attachment; filename="${exportFileName(now)}"`);
        c.header("Cache-Control", "no-store");
        return c.json(data);
      },
    )
    .on(
      {
        method: "post",
        path: "/close",
        summary:
          "Close the caller's account: with the password (and the two-factor code when on); 409 with every reason while money is invested, waiting or on the balance. Sessions end at once; the final statement is e-mailed",
        auth: "user",
        secondFactor: true,
        body: closeAccountSchema,
        response: closedAccountDto,
        idempotent: true,
        guard: perUser("account-close", CLOSE_LIMIT, "Too many tries at closing your account. Please wait 10 minutes and try again."),
      },
      async (c, { body }) => {
        // Before the second factor's code is looked at, so a wrong password does not use it up.
        if (!(await isAccountPassword(database.db, c.get("user").id, body.password))) {
          throw new AppError("VALIDATION_FAILED", WRONG_PASSWORD, { password: WRONG_PASSWORD });
        }
        const settings = {
          siteName: config.site.name,
          supportEmail: config.site.supportEmail,
          retentionYears: config.kyc.retentionYears,
          monitorHours: config.bitcoin.invoices?.monitorHours ?? 0,
        };
        return async (tx) => ({ status: 200, body: await closeAccount(tx, c.get("user").id, clock.now(), settings) });
      },
    );
}
