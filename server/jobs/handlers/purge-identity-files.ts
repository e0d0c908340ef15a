import { purgeIdentityFiles } from "#server/services/verification/purge-identity-files.js";
import type { JobDeps, JobHandler } from "../deps.js";

/** Daily: the identity files of accounts closed more than KYC_RETENTION_YEARS ago are deleted, each case's count audited. */
export const purgeIdentityFilesJob =
  (deps: JobDeps): JobHandler =>
  async () => {
    const purged = await purgeIdentityFiles(deps.db, deps.clock.now(), deps.kyc);
    if (purged > 0) deps.logger.info({ purged }, "deleted identity files past retention");
  };
