import { sql } from "drizzle-orm";
import type { Config } from "#server/env.js";
import type { Database } from "#server/db/client.js";
import { recordCaseAudit } from "./case-audit.js";
import { inBatches } from "./expire-identity-documents.js";

/** The moment `years` calendar years before `now` (UTC): accounts closed before it are past retention. */
export function retentionCutoff(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * The daily retention job: the identity files of accounts closed more than KYC_RETENTION_YEARS ago
 * are deleted (bytes and wrapped key set to null, `purged_at` stamped; the row stays, saying a file
 * of that type, size and digest was received and when), and so is what the investor gave on the
 * case (legal name, birth date, address, the document's number and country; its type, expiry,
 * states and dates stay), with one audit entry per case saying how many files. Each batch of cases
 * is locked (SKIP LOCKED) and purged in one transaction, and a purged case is never taken again,
 * so reruns and several servers delete and record each case once. Returns how many files were deleted.
 */
export async function purgeIdentityFiles(db: Database, now: Date, kyc: Pick<Config["kyc"], "retentionYears">, batch = 100): Promise<number> {
  const cutoff = retentionCutoff(now, kyc.retentionYears).toISOString();
  const at = now.toISOString();
  let files = 0;
  await inBatches(db, batch, async (tx) => {
    const { rows } = (await tx.execute(sql`with due as (
        select c.id from identity_case c join "user" u on u.id = c.user_id
        where u.closed_at < ${cutoff}::timestamptz and c.personal_data_purged_at is null
        order by c.id limit ${batch} for update of c skip locked
      ), cleared as (
        update identity_case c set legal_name = null, date_of_birth = null, address = null, document_number = null,
          document_country = null, personal_data_purged_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
        from due where c.id = due.id
        returning c.id
      ), purged as (
        update identity_document d set content = null, wrapped_key = null, purged_at = ${at}::timestamptz
        from due where d.case_id = due.id and d.purged_at is null
        returning d.case_id
      )
      select cleared.id as case_id, (select count(*)::int from purged where purged.case_id = cleared.id) as files
      from cleared order by cleared.id`)) as unknown as { rows: Array<{ case_id: string; files: number }> };
    for (const row of rows) {
      await recordCaseAudit(tx, null, "verification.purge_files", row.case_id, null, { filesDeleted: Number(row.files), personalDataCleared: true, retentionYears: kyc.retentionYears });
      files += Number(row.files);
    }
    return rows.length;
  });
  return files;
}
