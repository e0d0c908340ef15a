import { bodyLimit } from "hono/body-limit";
import { CONTACT_MESSAGES, contactMessageSchema } from "#shared/schemas/contact.js";
import { contactReceiptDto } from "#shared/schemas/public.js";
import type { AppDeps } from "../app.js";
import { AppError } from "../errors.js";
import { ApiRouter } from "../http/api-router.js";
import { clientIp } from "../http/client-ip.js";
import { readJson } from "../http/json-body.js";
import { submitContactMessage } from "../services/contact/submit-contact-message.js";
import { consumeRateLimit } from "../services/rate-limit/consume-rate-limit.js";

/** Per client address: enough for a person with follow-ups, too few to flood the operator's inbox. */
export const CONTACT_RATE_LIMIT = { max: 5, windowSeconds: 10 * 60 } as const;

/** A 5,000-character message is at most ~30 KB of JSON even if every character is escaped. */
const MAX_BODY_BYTES = 64 * 1024;

/** The public contact form. No session: anyone may write. */
export function contactRoutes({ config, database, mailer, logger }: AppDeps) {
  return new ApiRouter("/api/contact").on(
    { method: "post", path: "/", summary: "Store a contact message for the operator", auth: "none", body: contactMessageSchema, response: contactReceiptDto, status: 201 },
    async (c, next) => {
      // Counted before anything else, so malformed and invalid submissions cost a try too.
      if (config.rateLimit) {
        const ip = clientIp(c, config.trustProxy) ?? "unknown";
        const limit = await consumeRateLimit(database.db, { key: `contact:${ip}`, ...CONTACT_RATE_LIMIT });
        if (!limit.allowed) {
          c.header("Retry-After", String(limit.retryAfterSeconds));
          throw new AppError("RATE_LIMITED", CONTACT_MESSAGES.rateLimited);
        }
      }
      await next();
    },
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AppError("VALIDATION_FAILED", "The request is too large.");
      },
    }),
    async (c) => {
      const { value } = await readJson(c, contactMessageSchema);
      const result = await submitContactMessage(
        { db: database.db, mailer, logger, supportEmail: config.site.supportEmail, siteName: config.site.name },
        value,
      );
      return c.json(result, 201);
    },
  );
}
