import { sql } from "drizzle-orm";
import type { DbExecutor } from "#server/db/client.js";
import { auditEntryHash, GENESIS_HASH, type SealedFields } from "./audit-hash.js";

export interface AuditChainReport {
  /** Entries checked. */
  entries: number;
  /** The first entry that does not follow from the one before it; absent when the chain is whole. */
  broken?: { id: string; seq: string; reason: string };
}

/** An entry the walk starts after: its place in the chain and the hash it had when it was checked. */
export interface ChainPoint {
  seq: bigint;
  hash: string;
}

const PAGE = 5000;

/**
 * Walks the chain in order and recomputes every hash in Node. An edited entry fails its own hash;
 * a removed one leaves a gap in seq or a prev_hash that no longer matches; a reordered one fails
 * both. What it cannot see on its own is the newest entries removed together with nothing after
 * them: keep the head hash (the report's last line) somewhere else to catch that (decision 0034).
 *
 * From the start by default; `after` starts after an entry checked before (the periodic check's
 * checkpoint, decision 0063), whose hash must still be the one it had; `upTo` stops at that seq.
 * `last` is where the walk ended: the next walk's `after`.
 */
export async function verifyAuditChain(db: DbExecutor, range: { after?: ChainPoint; upTo?: bigint } = {}): Promise<AuditChainReport & { headHash: string; last: ChainPoint }> {
  let previous = range.after ?? { seq: 0n, hash: GENESIS_HASH };
  let entries = 0;
  if (range.after) {
    const [start] = ((await db.execute(sql`select id, hash from audit_log where seq = ${range.after.seq.toString()}::bigint`)) as unknown as { rows: Array<{ id: string; hash: string }> }).rows;
    if (start?.hash !== range.after.hash) {
      const reason = start ? "its hash is no longer the one an earlier check recorded" : "it is missing: an earlier check recorded it";
      return { entries, headHash: range.after.hash, last: range.after, broken: { id: start?.id ?? "", seq: range.after.seq.toString(), reason } };
    }
  }
  const upTo = range.upTo === undefined ? sql`` : sql` and audit_log.seq <= ${range.upTo.toString()}::bigint`;
  for (;;) {
    const result = (await db.execute(sql`
      select id, seq::text as seq, prev_hash, hash, actor_id, action, target_type, target_id, request_id,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
        before::text as before, after::text as after
      from audit_log where audit_log.seq > ${previous.seq.toString()}::bigint${upTo} order by audit_log.seq limit ${PAGE}`)) as unknown as { rows: AuditRow[] };
    for (const row of result.rows) {
      const broken = (reason: string) => ({ entries, headHash: previous.hash, last: previous, broken: { id: row.id, seq: row.seq, reason } });
      if (BigInt(row.seq) !== previous.seq + 1n) return broken(`entry ${previous.seq + 1n} is missing: the chain jumps from ${previous.seq} to ${row.seq}`);
      if (row.prev_hash !== previous.hash) return broken("its prev_hash is not the previous entry's hash");
      if (auditEntryHash(sealed(row)) !== row.hash) return broken("its contents no longer match its hash");
      previous = { seq: BigInt(row.seq), hash: row.hash };
      entries += 1;
    }
    if (result.rows.length < PAGE) return { entries, headHash: previous.hash, last: previous };
  }
}

interface AuditRow {
  id: string;
  seq: string;
  prev_hash: string;
  hash: string;
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  request_id: string | null;
  created_at: string;
  before: string | null;
  after: string | null;
}

const sealed = (row: AuditRow): SealedFields => ({
  prevHash: row.prev_hash,
  seq: row.seq,
  id: row.id,
  createdAt: row.created_at,
  actorId: row.actor_id,
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  requestId: row.request_id,
  before: row.before,
  after: row.after,
});
