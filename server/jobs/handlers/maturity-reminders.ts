import { sendMaturityReminders } from "#server/services/investments/send-maturity-reminders.js";
import type { JobDeps, JobHandler } from "../deps.js";

/** The 7-day and 1-day maturity reminders; each is recorded once, so a repeated run sends nothing twice. */
export const maturityRemindersJob =
  (deps: JobDeps): JobHandler =>
  async () => {
    const sent = await sendMaturityReminders(deps.db, deps.clock.now());
    if (sent > 0) deps.logger.info({ sent }, "sent maturity reminders");
  };
