import { sumCompletedDays } from "#server/services/daily-figures/sum-completed-days.js";
import { sumCompletedHour } from "#server/services/daily-figures/sum-completed-hour.js";
import type { JobDeps, JobHandler } from "../deps.js";

/**
 * Hourly: sums each completed day of the overview's series that has no row yet (decision 0061),
 * usually none, then the day's last completed hour (decision 0067).
 */
export const dailyFiguresJob =
  (deps: JobDeps): JobHandler =>
  async () => {
    const days = await sumCompletedDays(deps.db, deps.clock.now());
    if (days > 0) deps.logger.info({ days }, "daily figures summed");
    await sumCompletedHour(deps.db, deps.clock.now());
  };
