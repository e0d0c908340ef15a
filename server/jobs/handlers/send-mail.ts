import { deliverDueMail } from "#server/services/mail/deliver-due-mail.js";
import type { JobDeps, JobHandler } from "../deps.js";

/**
 * One message's try. A message already sent, dead, leased by another server or not yet due is left
 * alone: its own later job or the sweep takes it then. A failed send has already scheduled its retry.
 */
export const sendMail =
  (deps: JobDeps): JobHandler =>
  async (jobs) => {
    for (const job of jobs) {
      const id = job.data.id;
      if (typeof id === "string") await deliverDueMail(deps, deps.clock.now(), 1, id);
    }
  };
