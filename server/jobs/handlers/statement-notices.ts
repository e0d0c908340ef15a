import { sendStatementNotices } from "#server/services/statements/send-statement-notices.js";
import type { JobDeps, JobHandler } from "../deps.js";

/** On the 1st of each month: "your statement is ready" to each user, once per month (a repeated run sends nothing twice). */
export const statementNoticesJob =
  (deps: JobDeps): JobHandler =>
  async () => {
    const sent = await sendStatementNotices(deps.db, deps.clock.now());
    if (sent > 0) deps.logger.info({ sent }, "sent statement notices");
  };
