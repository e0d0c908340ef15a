import { summaryDto } from "#shared/schemas/ledger.js";
import { referralDto } from "#shared/schemas/public.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { summarize } from "../services/ledger/summary.js";
import { ensureReferralCode } from "../services/referrals/referral-code.js";

/** The caller's own account: the six figures and their referral link. */
export function meRoutes(deps: Pick<AppDeps, "auth" | "database" | "config">) {
  const { database, config } = deps;
  return new ApiRouter("/api/me", deps)
    .on({ method: "get", path: "/summary", summary: "The six dashboard figures, in cents", auth: "user", response: summaryDto }, async (c) =>
      c.json(await summarize(database.db, c.get("user").id)),
    )
    .on({ method: "get", path: "/referral", summary: "The caller's referral code and link", auth: "user", response: referralDto }, async (c) => {
      const code = await ensureReferralCode(database.db, c.get("user").id);
      return c.json({ code, url: `${config.publicUrl}/signup?ref=${code}` });
    });
}
