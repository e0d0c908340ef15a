import { expireIdentityDocuments } from "#server/services/verification/expire-identity-documents.js";
import type { JobDeps, JobHandler } from "../deps.js";

/** Daily: approved identity documents past their expiry become expired (the account unverified), and those expiring within 30 days get one notice. */
export const expireIdentityDocumentsJob =
  (deps: JobDeps): JobHandler =>
  async () => {
    const { expired, noticed } = await expireIdentityDocuments(deps.db, deps.clock.now(), deps.kyc);
    if (expired > 0 || noticed > 0) deps.logger.info({ expired, noticed }, "identity documents expired or about to");
  };
