import { deliverDueMail } from "#server/services/mail/deliver-due-mail.js";
import { mailIdsOf } from "#server/services/mail/mail-job.js";
import type { JobDeps, JobHandler } from "../deps.js";

/**
 * A try of each message the batch's jobs name, claimed together in one statement, then each sent
 * and marked on its own. A message already sent, dead, leased by another server or not yet due is
 * left alone: its own later job or the sweep takes it then. A failed send has already scheduled
 * its retry.
 */
export const sendMail =
  (deps: JobDeps): JobHandler =>
  async (jobs) => {
    const ids = jobs.flatMap((job) => mailIdsOf(job.data));
    if (ids.length > 0) await deliverDueMail(deps, deps.clock.now(), ids.length, ids);
  };
