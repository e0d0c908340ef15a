import { runAuditCheck } from "#server/services/audit/run-audit-check.js";
import type { JobDeps, JobHandler } from "../deps.js";

/** Daily: the audit entries written since the last check and a thirtieth of the older ones (run-audit-check.ts). */
export const auditCheckJob =
  (deps: JobDeps): JobHandler =>
  async () => {
    const result = await runAuditCheck(deps.db, deps.clock.now());
    if (result.broken) deps.logger.error({ seq: result.broken.seq, reason: result.broken.reason }, "the audit log is broken");
    else deps.logger.info({ entries: result.entries, head: result.head.seq.toString() }, "audit check: the chain is whole");
  };
