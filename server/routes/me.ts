import type { AppDeps } from "../app.js";
import { summaryDto } from "#shared/schemas/ledger.js";
import { referralDto } from "#shared/schemas/public.js";
import { ApiRouter } from "../http/api-router.js";
import { requireUser } from "../http/session.js";
import { summarize } from "../services/ledger/summary.js";
import { ensureReferralCode } from "../services/referrals/referral-code.js";

/** The caller's own account: the six figures and their referral link. */
export function meRoutes({ auth, database, config }: AppDeps) {
  return new ApiRouter("/api/me")
    .use(requireUser(auth, database.db))
    .on({ method: "get", path: "/summary", summary: "The six dashboard figures, in cents", auth: "user", response: summaryDto }, async (c) =>
      c.json(await summarize(database.db, c.get("user").id)),
    )
    .on({ method: "get", path: "/referral", summary: "The caller's referral code and link", auth: "user", response: referralDto }, async (c) => {
      const code = await ensureReferralCode(database.db, c.get("user").id);
      return c.json({ code, url: `${config.publicUrl}/signup?ref=${code}` });
    });
}
