import { toJsonCents } from "#shared/money.js";
import { cursorQuery, listOf } from "#shared/schemas/paging.js";
import * as z from "zod/mini";
import { bankReferenceDto, COINS, createDepositSchema, cryptoAddressDto, depositDto, depositOptionsDto, type DepositOptionsDto } from "#shared/schemas/deposits.js";
import type { AppDeps } from "../app-deps.js";
import { ApiRouter } from "../http/api-router.js";
import { bankReferenceFor } from "../services/deposits/bank-reference.js";
import { cryptoAddressFor } from "../services/deposits/crypto-address.js";
import { createDeposit } from "../services/deposits/create-deposit.js";
import { getMyDeposit, listMyDeposits } from "../services/deposits/list-deposits.js";

const cryptoAddressQuery = z.object({ coin: z.optional(z.enum(COINS, "Only Bitcoin deposits are accepted.")) });

/** The caller's deposits: what to pay, where and with which reference, report a payment (a pending deposit), list them. */
export function depositRoutes(deps: Pick<AppDeps, "auth" | "database" | "config" | "clock" | "btcRate">) {
  const { database, config, clock, btcRate } = deps;
  const invoices = config.bitcoin.invoices;
  const siteName = config.site.name;
  return new ApiRouter("/api/deposits", deps)
    .on({ method: "get", path: "/options", summary: "Deposit limits and bank details", auth: "user", response: depositOptionsDto }, (c) =>
      c.json({
        minCents: toJsonCents(config.deposits.minCents),
        maxCents: toJsonCents(config.deposits.maxCents),
        expiryDays: config.deposits.expiryDays,
        banks: config.site.banks,
        banksExample: config.site.banksExample,
        cryptoInvoices: invoices !== undefined && btcRate !== undefined,
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
      c.json(await listMyDeposits(database.db, c.get("user").id, { cursor: query.cursor, limit: query.limit ?? 50 }, siteName)),
    )
    .on(
      {
        method: "get",
        path: "/:id",
        summary: "One of the caller's deposits; an invoice with what has arrived, its confirmations, status and exception",
        auth: "user",
        response: depositDto,
      },
      async (c) => c.json(await getMyDeposit(database.db, c.get("user").id, c.req.param("id"), siteName)),
    )
    .on(
      {
        method: "post",
        path: "/",
        summary: "Report a bank transfer or a crypto payment (a pending deposit), or, in automatic mode, make a crypto invoice",
        auth: "user",
        verifiedEmail: true,
        body: createDepositSchema,
        response: depositDto,
        status: 201,
        idempotent: true,
      },
      async (c, { body }) => {
        // Automatic mode: a crypto deposit is an invoice at a rate asked for before the transaction
        // (no network call holds it open); RATE_UNAVAILABLE (503) creates nothing.
        const rate = body.method === "crypto" && invoices && btcRate ? await btcRate.current() : undefined;
        const terms = rate && invoices ? { centsPerBtc: rate.centsPerBtc, invoiceMinutes: invoices.invoiceMinutes, requiredConfirmations: invoices.confirmations } : undefined;
        return async (tx) => ({ status: 201, body: await createDeposit(tx, config, c.get("user").id, body, clock.now(), terms) });
      },
    );
}
