import { desc, sql } from "drizzle-orm";
import type { Database, DbExecutor } from "#server/db/client.js";
import { auditCheck } from "#server/db/schema.js";
import { timeOrderedUuid } from "#server/db/time-ordered-uuid.js";
import { emailAdmins } from "../mail/email-admins.js";
import { verifyAuditChain, type ChainPoint } from "./verify-audit-chain.js";

/** The sweep walks the older entries again, this share of the chain a run (a daily run: all of it in a month)… */
export const SWEEP_RUNS = 30;
/** …and at least this many entries a run. */
const SWEEP_MIN = 10_000n;

export interface AuditCheckResult {
  checkedAt: Date;
  /** Entries walked: the new ones and the sweep's. */
  entries: number;
  head: ChainPoint;
  sweptTo: bigint;
  broken?: { seq: string; reason: string };
}

/**
 * The periodic check of the audit chain (decision 0063): the entries written since the last clean
 * check, from that check's head (which must still hold the hash it had), and a window of the older
 * ones, so that an entry edited in place is found within SWEEP_RUNS runs without reading the whole
 * chain every day. Before the first check, or after one that found the chain broken, the whole
 * chain. The result is stored and, when the chain is broken, every admin e-mailed, in one transaction.
 */
export async function runAuditCheck(db: Database, now: Date): Promise<AuditCheckResult> {
  const last = await readLastAuditCheck(db);
  const clean = last && last.brokenSeq === null ? last : undefined;
  const forward = await verifyAuditChain(db, clean ? { after: { seq: clean.headSeq, hash: clean.headHash } } : {});
  let entries = forward.entries;
  let broken = forward.broken;
  let sweptTo = 0n;
  if (clean && !broken) {
    const window = clean.headSeq / BigInt(SWEEP_RUNS) + 1n;
    const upTo = clean.sweptTo + (window > SWEEP_MIN ? window : SWEEP_MIN);
    const end = upTo < clean.headSeq ? upTo : clean.headSeq;
    const sweep = await verifyAuditChain(db, { ...(clean.sweptTo > 0n ? { after: await pointAt(db, clean.sweptTo) } : {}), upTo: end });
    entries += sweep.entries;
    broken = sweep.broken;
    sweptTo = end < clean.headSeq ? end : 0n;
  }
  const result: AuditCheckResult = { checkedAt: now, entries, head: forward.last, sweptTo, ...(broken ? { broken: { seq: broken.seq, reason: broken.reason } } : {}) };
  await db.transaction(async (tx) => {
    await tx.insert(auditCheck).values({
      id: timeOrderedUuid(),
      checkedAt: now,
      headSeq: result.head.seq,
      headHash: result.head.hash,
      sweptTo,
      entries,
      brokenSeq: broken ? BigInt(broken.seq) : null,
      brokenReason: broken?.reason ?? null,
    });
    if (broken) {
      await emailAdmins(tx, {
        kind: "audit-check",
        subject: "The audit log is broken",
        text: `The periodic check of the audit log found entry ${broken.seq} broken: ${broken.reason}. Run npm run audit -- verify for the whole chain.`,
      });
    }
  });
  return result;
}

/** The entry at `seq` as it is now: where a sweep that stopped there goes on (its hash is checked by the window before). */
async function pointAt(db: DbExecutor, seq: bigint): Promise<ChainPoint> {
  const [row] = ((await db.execute(sql`select hash from audit_log where seq = ${seq.toString()}::bigint`)) as unknown as { rows: Array<{ hash: string }> }).rows;
  return { seq, hash: row?.hash ?? "" };
}

export async function readLastAuditCheck(db: DbExecutor) {
  const [last] = await db.select().from(auditCheck).orderBy(desc(auditCheck.checkedAt), desc(auditCheck.id)).limit(1);
  return last ?? null;
}
