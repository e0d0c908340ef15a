import { Hono } from "hono";
import type { AppDeps } from "../app.js";
import { requireUser, type AppEnv } from "../http/session.js";
import { summarize } from "../services/ledger/balances.js";
import { ensureReferralCode } from "../services/referrals/referral-code.js";

/** The caller's own account: the six figures and their referral link. Mounted at /api/me. */
export function meRoutes({ auth, database, config }: AppDeps) {
  const signedIn = requireUser(auth, database.db);
  return new Hono<AppEnv>()
    .get("/summary", signedIn, async (c) => c.json(await summarize(database.db, c.get("user").id)))
    .get("/referral", signedIn, async (c) => {
      const code = await ensureReferralCode(database.db, c.get("user").id);
      return c.json({ code, url: `${config.publicUrl}/signup?ref=${code}` });
    });
}
