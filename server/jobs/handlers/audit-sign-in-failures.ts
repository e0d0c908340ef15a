import { flushSignInFailures } from "#server/services/audit/sign-in-failures.js";
import type { JobDeps, JobHandler } from "../deps.js";

/** The finished hours of wrong passwords become audit entries, one per account (decision 0034); a repeated run finds those hours already flushed. */
export const auditSignInFailuresJob =
  (deps: JobDeps): JobHandler =>
  async () => {
    await flushSignInFailures(deps.db, deps.clock.now());
  };
