import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { formatBtc, formatCents, satsToCentsRoundedDown } from "#shared/money.js";
import type { InvoiceException } from "#shared/schemas/deposits.js";
import type { Database, DbExecutor } from "#server/db/client.js";
import { deposit } from "#server/db/schema.js";
import type { BitcoinInvoiceSettings } from "#server/env-bitcoin.js";
import type { Logger } from "#server/logger.js";
import type { AddressPayment, ChainSources } from "../bitcoin/esplora/chain-sources.js";
import { notify } from "../notifications/notify.js";
import { mergePayments, nextInvoiceStep, presentPayments, type OpenStatus } from "./invoice-state.js";
import { emailAdmins } from "../mail/email-admins.js";
import { postDepositCredit } from "./post-deposit-credit.js";

/**
 * The invoice watcher (decision 0054): reads each open invoice's address
 * through every chain source and moves the invoice on when, and only when, all of them agree.
 *
 * Open: `new` and `processing`, and `expired` ones for BITCOIN_MONITOR_HOURS after expiry (a late
 * or further payment is still recorded for the operator). Every server runs it; each invoice is
 * read by one at a time: a short transaction claims a batch with `FOR UPDATE SKIP LOCKED` and
 * marks it held (`watched_until`, real time, a lease that outlives a crashed server by at most
 * LEASE_MS), the chain is read with no transaction open, and a second short transaction locks the
 * row again, applies the reading and releases it. Crediting is exactly once whatever happens: the
 * row lock and its status (only `new`/`processing` can be credited), and the journal key
 * `deposit:<id>` on top.
 *
 * Settled invoices are read too, for BITCOIN_MONITOR_HOURS after crediting: a credited transaction
 * that leaves the chain marks the invoice and e-mails every admin, once (checkSettled).
 */

export interface WatchDeps {
  db: Database;
  chain: ChainSources;
  settings: Pick<BitcoinInvoiceSettings, "monitorHours">;
  /** Business time: first-seen times, expiry. Tests move it. */
  now: () => Date;
  logger: Pick<Logger, "info" | "warn">;
  /** Real time, for the lease between servers (default Date.now). */
  realNow?: () => number;
}

export interface WatchSummary {
  read: number;
  /** Readings acted on (all sources agreed). */
  agreed: number;
  credited: number;
  needOperator: number;
}

/** A server that dies mid-read leaves its invoices to others after this long. */
export const LEASE_MS = 60_000;
/** Invoices read per claim; a run claims again until none is left. */
const BATCH = 25;
/** Sources are asked about this many addresses at once. */
const PARALLEL = 4;

const openInvoices = (now: Date, monitorHours: number) =>
  and(
    isNotNull(deposit.rateCentsPerBtc),
    or(
      inArray(deposit.status, ["new", "processing"]),
      and(eq(deposit.status, "expired"), gt(deposit.expiresAt, new Date(now.getTime() - monitorHours * 3_600_000))),
    ),
  );

/** Settled invoices are read again for BITCOIN_MONITOR_HOURS after crediting: a credited transaction that leaves the chain alerts the admins. */
const settledRecently = (now: Date, monitorHours: number) =>
  and(isNotNull(deposit.rateCentsPerBtc), eq(deposit.status, "settled"), isNull(deposit.reorgedAt), gt(deposit.decidedAt, new Date(now.getTime() - monitorHours * 3_600_000)));

/** Settled invoices whose credited transaction left the chain (`termvest_invoices_reorged`): each waits for an operator. */
export async function countReorgedInvoices(db: DbExecutor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deposit)
    .where(isNotNull(deposit.reorgedAt));
  return Number(row?.n ?? 0);
}

/** How many invoices the watcher still reads (`termvest_invoices_open`). */
export async function countOpenInvoices(db: DbExecutor, now: Date, monitorHours: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deposit)
    .where(openInvoices(now, monitorHours));
  return Number(row?.n ?? 0);
}

async function claim(db: Database, now: Date, monitorHours: number, realNow: number, skip: readonly string[]): Promise<Array<{ id: string; address: string }>> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: deposit.id, address: deposit.address })
      .from(deposit)
      .where(
        and(
          or(openInvoices(now, monitorHours), settledRecently(now, monitorHours)),
          or(isNull(deposit.watchedUntil), lt(deposit.watchedUntil, new Date(realNow))),
          skip.length > 0 ? sql`${deposit.id} not in (${sql.join(skip.map((id) => sql`${id}`), sql`, `)})` : undefined,
        ),
      )
      .orderBy(asc(deposit.expiresAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return [];
    await tx
      .update(deposit)
      .set({ watchedUntil: new Date(realNow + LEASE_MS) })
      .where(inArray(deposit.id, rows.map((row) => row.id)));
    return rows.flatMap((row) => (row.address ? [{ id: row.id, address: row.address }] : []));
  });
}

const release = (db: DbExecutor, id: string) => db.update(deposit).set({ watchedUntil: null }).where(eq(deposit.id, id));

/** One pass over every open invoice not held by another watcher. */
export async function watchInvoices(deps: WatchDeps): Promise<WatchSummary> {
  const realNow = deps.realNow ?? Date.now;
  const summary: WatchSummary = { read: 0, agreed: 0, credited: 0, needOperator: 0 };
  const done: string[] = [];
  for (;;) {
    const batch = await claim(deps.db, deps.now(), deps.settings.monitorHours, realNow(), done);
    if (batch.length === 0) return summary;
    for (let i = 0; i < batch.length; i += PARALLEL) {
      await Promise.all(
        batch.slice(i, i + PARALLEL).map(async (invoice) => {
          done.push(invoice.id);
          summary.read++;
          try {
            const outcome = await watchOne(deps, invoice.id, invoice.address);
            if (outcome.agreed) summary.agreed++;
            if (outcome.credited) summary.credited++;
            if (outcome.needOperator) summary.needOperator++;
          } finally {
            await release(deps.db, invoice.id).catch(() => undefined);
          }
        }),
      );
    }
  }
}

async function watchOne(deps: WatchDeps, id: string, address: string): Promise<{ agreed: boolean; credited: boolean; needOperator: boolean }> {
  const reading = await deps.chain.readAddress(address);
  if (reading.kind === "unavailable") {
    deps.logger.warn({ depositId: id, failures: reading.failures }, "invoice not read: a chain source failed; trying again at the next poll");
    return { agreed: false, credited: false, needOperator: false };
  }
  if (reading.kind === "disagree") {
    deps.logger.warn({ depositId: id, detail: reading.detail }, "invoice not read: the chain sources disagree; trying again at the next poll");
    return { agreed: false, credited: false, needOperator: false };
  }
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(deposit).where(eq(deposit.id, id)).for("update");
    const status = row?.status;
    const now = deps.now();
    if (row && status === "settled" && row.reorgedAt === null) {
      await checkSettled(tx, deps, row, reading.payments, now);
      return { agreed: true, credited: false, needOperator: false };
    }
    if (!row || (status !== "new" && status !== "processing" && status !== "expired") || row.amountSats === null || row.rateCentsPerBtc === null) {
      return { agreed: true, credited: false, needOperator: false };
    }
    const step = nextInvoiceStep(
      { status: status as OpenStatus, exception: row.exception as InvoiceException | null, amountSats: row.amountSats, requiredConfirmations: row.requiredConfirmations ?? 0, expiresAt: row.expiresAt, payments: row.payments ?? [] },
      reading.payments,
      now,
    );
    const unchanged = step.status === status && step.exception === row.exception && JSON.stringify(step.payments) === JSON.stringify(row.payments ?? []);
    if (unchanged) return { agreed: true, credited: false, needOperator: false };

    if (step.credit !== null) {
      const cents = satsToCentsRoundedDown(step.credit, row.rateCentsPerBtc);
      const txIds = step.payments.filter((payment) => !payment.gone).map((payment) => payment.txid);
      // At least the invoice's dollars: its satoshis were rounded up from them (shared/money.ts).
      if (cents < row.amountCents) throw new Error(`invoice ${row.id} would be credited ${cents} cents, less than its ${row.amountCents}`);
      {
        const journal = await postDepositCredit(tx, row, cents);
        await tx
          .update(deposit)
          .set({
            status: "settled",
            exception: step.exception,
            creditedRateCentsPerBtc: row.rateCentsPerBtc,
            payments: step.payments,
            receivedCents: cents,
            // The transaction (the first, when several paid it); all of them are in `payments`.
            txId: txIds[0] ?? null,
            journalId: journal.journalId,
            decidedAt: now,
          })
          .where(eq(deposit.id, row.id));
        const over = step.exception === "paid_over";
        await notify(tx, {
          userId: row.userId,
          kind: "deposit_confirmed",
          title: "Deposit credited",
          body: over
            ? `Your bitcoin deposit ${row.reference} has been credited: ${formatBtc(step.credit)} BTC arrived, more than the ${formatBtc(row.amountSats)} BTC asked, so ${formatCents(cents)} was added to your balance.`
            : `Your bitcoin deposit ${row.reference} has been credited: ${formatBtc(step.credit)} BTC arrived and ${formatCents(cents)} was added to your balance.`,
          subjectId: row.id,
        });
        deps.logger.info({ depositId: row.id, sats: step.credit.toString(), cents: cents.toString(), created: journal.created }, "invoice credited");
        return { agreed: true, credited: true, needOperator: false };
      }
    }

    await tx.update(deposit).set({ status: step.status, exception: step.exception, payments: step.payments }).where(eq(deposit.id, row.id));
    const newlyNeedsOperator = step.exception !== null && step.exception !== row.exception && (step.exception === "paid_partial" || step.exception === "paid_late");
    if (newlyNeedsOperator) {
      const arrived = step.payments.filter((payment) => !payment.gone).reduce((sum, payment) => sum + BigInt(payment.sats), 0n);
      await notify(tx, {
        userId: row.userId,
        kind: "deposit_needs_review",
        title: "Deposit waiting for review",
        body:
          step.exception === "paid_partial"
            ? `Your bitcoin deposit ${row.reference} expired with ${formatBtc(arrived)} BTC of the ${formatBtc(row.amountSats)} BTC asked. Nothing has been credited yet: our team will review it and let you know.`
            : `A payment to your bitcoin deposit ${row.reference} arrived after it expired (${formatBtc(arrived)} BTC in all). Nothing has been credited yet: our team will review it and let you know.`,
        subjectId: row.id,
      });
      deps.logger.info({ depositId: row.id, exception: step.exception, sats: arrived.toString() }, "invoice waits for the operator");
    }
    return { agreed: true, credited: false, needOperator: newlyNeedsOperator };
  });
}

/**
 * A settled invoice read again: the reading is stored (the operator sees confirmations grow), and
 * when a transaction it was credited for has left the chain (gone, or back from a block to the
 * mempool: a reorganisation or a double spend), the invoice is marked and every admin e-mailed, in
 * this transaction, once. Nothing is debited: what to do is an operator's decision.
 */
async function checkSettled(tx: DbExecutor, deps: WatchDeps, row: typeof deposit.$inferSelect, seen: readonly AddressPayment[], now: Date): Promise<void> {
  const stored = row.payments ?? [];
  const payments = mergePayments(stored, seen, now);
  const after = new Map(payments.map((payment) => [payment.txid, payment]));
  const left = presentPayments(stored).filter((before) => {
    const current = after.get(before.txid);
    return !current || current.gone || (before.blockHeight !== null && current.blockHeight === null);
  });
  if (left.length === 0) {
    if (JSON.stringify(payments) !== JSON.stringify(stored)) await tx.update(deposit).set({ payments }).where(eq(deposit.id, row.id));
    return;
  }
  await tx.update(deposit).set({ payments, reorgedAt: now }).where(eq(deposit.id, row.id));
  const txids = left.map((payment) => payment.txid).join(", ");
  await emailAdmins(tx, {
    kind: "invoice-reorg",
    subject: `A credited bitcoin deposit left the chain: ${row.reference}`,
    text: [
      `Deposit ${row.reference} was credited ${formatCents(row.receivedCents ?? 0n)} for transaction${left.length === 1 ? "" : "s"} ${txids}.`,
      "All chain sources now agree that it is no longer in a block (a reorganisation, or a double spend).",
      "Nothing has been debited. Check the transaction on the chain, and decide with the investor what to do.",
    ].join("\n"),
    link: `/dashboard/admin/deposits?q=${encodeURIComponent(row.reference)}&status=settled`,
  });
  deps.logger.warn({ depositId: row.id, txids }, "a credited invoice's transaction left the chain: admins alerted");
}
