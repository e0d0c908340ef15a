import { deliverDueMail } from "#server/services/mail/deliver-due-mail.js";
import type { JobDeps, JobHandler } from "../deps.js";

const BATCH = 50;

/**
 * Each minute, every message due by the app's clock whose job did not take it: a lease left by a
 * process that died, a retry brought forward by a moved test clock, mail queued before this queue.
 */
export const mailSweep =
  (deps: JobDeps): JobHandler =>
  async () => {
    for (;;) {
      const run = await deliverDueMail(deps, deps.clock.now(), BATCH);
      if (run.sent + run.failed + run.dead < BATCH) return;
    }
  };
