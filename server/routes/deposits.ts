import { Hono } from "hono";
import { createDepositSchema, type DepositOptionsDto } from "#shared/schemas/deposits.js";
import type { AppDeps } from "../app.js";
import { AppError } from "../errors.js";
import { runMoneyOperation, respond } from "../http/idempotency.js";
import { readJson } from "../http/json-body.js";
import { requireUser, requireVerifiedEmail, type AppEnv } from "../http/session.js";
import { cryptoAddressFor } from "../services/deposits/crypto-address.js";
import { createDeposit } from "../services/deposits/create-deposit.js";
import { listMyDeposits } from "../services/deposits/list-deposits.js";
import { toJsonCents } from "../services/ledger/balances.js";

export function depositRoutes({ auth, database, config, clock }: AppDeps) {
  const { banks } = config.site;
  return new Hono<AppEnv>()
    .use("*", requireUser(auth, database.db))
    .get("/options", (c) =>
      c.json({
        minCents: toJsonCents(config.deposits.minCents),
        maxCents: toJsonCents(config.deposits.maxCents),
        banks: (Object.keys(banks) as Array<keyof typeof banks>).map((key) => ({ key, ...banks[key] })),
      } satisfies DepositOptionsDto),
    )
    .get("/crypto-address", async (c) => {
      if ((c.req.query("coin") ?? "BTC") !== "BTC") throw new AppError("VALIDATION_FAILED", "Only Bitcoin deposits are accepted.");
      return c.json(await database.db.transaction((tx) => cryptoAddressFor(tx, config, c.get("user").id)));
    })
    .get("/", async (c) => c.json({ deposits: await listMyDeposits(database.db, c.get("user").id) }))
    .post("/", requireVerifiedEmail(), async (c) => {
      const { raw, value } = await readJson(c, createDepositSchema);
      const userId = c.get("user").id;
      const outcome = await runMoneyOperation(c, database.db, userId, raw, async (tx) => ({
        status: 201,
        body: await createDeposit(tx, config, userId, value, clock.now()),
      }));
      return respond(c, outcome);
    });
}
