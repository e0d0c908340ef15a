import { CONTACT_MESSAGES, contactMessageSchema } from "#shared/schemas/contact.js";
import { contactReceiptDto } from "#shared/schemas/public.js";
import type { AppDeps } from "../app-deps.js";
import { AppError } from "../errors.js";
import { ApiRouter } from "../http/api-router.js";
import { clientIp } from "../http/client-ip.js";
import { submitContactMessage } from "../services/contact/submit-contact-message.js";
import { consumeRateLimit } from "../services/rate-limit/consume-rate-limit.js";

/** Per client address: enough for a person with follow-ups, too few to flood the operator's inbox. */
export const CONTACT_RATE_LIMIT = { max: 5, windowSeconds: 10 * 60 } as const;

/** The public contact form. No session: anyone may write. */
export function contactRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "mailer" | "logger">) {
  const { config, database, mailer, logger } = deps;
  return new ApiRouter("/api/contact", deps).on(
    {
      method: "post",
      path: "/",
      summary: "Store a contact message for the operator",
      auth: "none",
      body: contactMessageSchema,
      response: contactReceiptDto,
      status: 201,
      // Counted before the body is read, so malformed and invalid submissions cost a try too.
      guard: async (c, next) => {
        if (config.rateLimit) {
          const ip = clientIp(c, config.trustProxy) ?? "unknown";
          const limit = await consumeRateLimit(database.db, { key: `contact:${ip}`, ...CONTACT_RATE_LIMIT });
          if (!limit.allowed) throw new AppError("RATE_LIMITED", CONTACT_MESSAGES.rateLimited, undefined, limit.retryAfterSeconds);
        }
        await next();
      },
    },
    async (c, { body }) => {
      const result = await submitContactMessage({ db: database.db, mailer, logger, supportEmail: config.site.supportEmail, siteName: config.site.name }, body);
      return c.json(result, 201);
    },
  );
}
