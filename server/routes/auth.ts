import { Hono } from "hono";
import { CLIENT_IP_HEADER, mailOutcome, type Auth } from "../auth.js";
import { clientIp } from "../http/client-ip.js";
import { MESSAGES } from "../../shared/schemas/auth.js";

/** better-auth behind a thin shell that supplies the client address and reports failed reset mail. */
export function authRoutes(auth: Auth, options: { trustProxy: boolean }) {
  return new Hono().on(["GET", "POST"], "/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, options.trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    const outcome = { failed: false };
    const response = await mailOutcome.run(outcome, () => auth.handler(new Request(c.req.raw, { headers })));
    if (outcome.failed) {
      return c.json({ error: { code: "MAIL_SEND_FAILED", message: MESSAGES.resetFailed } }, 502);
    }
    return response;
  });
}
