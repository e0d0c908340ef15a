import { toJsonCents } from "#shared/money.js";
import { cursorQuery, listOf } from "#shared/schemas/paging.js";
import * as z from "zod/mini";
import { bankReferenceDto, COINS, createDepositSchema, cryptoAddressDto, depositDto, depositOptionsDto, type DepositOptionsDto } from "#shared/schemas/deposits.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { bankReferenceFor } from "../services/deposits/bank-reference.js";
import { cryptoAddressFor } from "../services/deposits/crypto-address.js";
import { createDeposit } from "../services/deposits/create-deposit.js";
import { listMyDeposits } from "../services/deposits/list-deposits.js";

const cryptoAddressQuery = z.object({ coin: z.optional(z.enum(COINS, "Only Bitcoin deposits are accepted.")) });

/** The caller's deposits: what to pay, where and with which reference, report a payment (a pending deposit), list them. */
export function depositRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock">) {
  const { database, config, clock } = deps;
  return new ApiRouter("/api/deposits", deps)
    .on({ method: "get", path: "/options", summary: "Deposit limits and bank details", auth: "user", response: depositOptionsDto }, (c) =>
      c.json({
        minCents: toJsonCents(config.deposits.minCents),
        maxCents: toJsonCents(config.deposits.maxCents),
        expiryDays: config.deposits.expiryDays,
        banks: config.site.banks,
        banksExample: config.site.banksExample,
      } satisfies DepositOptionsDto),
    )
    .on(
      { method: "get", path: "/crypto-address", summary: "The bitcoin address to pay", auth: "user", query: cryptoAddressQuery, response: cryptoAddressDto },
      async (c) => c.json(await database.db.transaction((tx) => cryptoAddressFor(tx, config, c.get("user").id))),
    )
    .on(
      { method: "get", path: "/bank-reference", summary: "The reference to quote on the caller's next bank transfer", auth: "user", response: bankReferenceDto },
      async (c) => c.json(await database.db.transaction((tx) => bankReferenceFor(tx, c.get("user").id))),
    )
    .on({ method: "get", path: "/", summary: "The caller's deposits, newest first", auth: "user", query: cursorQuery, response: listOf(depositDto) }, async (c, { query }) =>
      c.json(await listMyDeposits(database.db, c.get("user").id, { cursor: query.cursor, limit: query.limit ?? 50 })),
    )
    .on(
      {
        method: "post",
        path: "/",
        summary: "Report a crypto or bank transfer: creates a pending deposit",
        auth: "user",
        verifiedEmail: true,
        body: createDepositSchema,
        response: depositDto,
        status: 201,
        idempotent: true,
      },
      (c, { body }) => async (tx) => ({ status: 201, body: await createDeposit(tx, config, c.get("user").id, body, clock.now()) }),
    );
}
