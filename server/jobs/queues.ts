import type PgBoss from "pg-boss";

/** pg-boss keeps its tables in this schema, created beside ours (decision 0030). */
export const QUEUE_SCHEMA = "pgboss";

/** Every queue, by what its jobs do. */
export const JOBS = {
  sendMail: "send-mail",
  mailSweep: "mail-sweep",
  settleDue: "settle-due",
  expireDeposits: "expire-deposits",
  maturityReminders: "maturity-reminders",
  statementNotices: "statement-notices",
  ledgerCheck: "ledger-check",
  auditCheck: "audit-check",
  auditSignInFailures: "audit-sign-in-failures",
  watchInvoices: "watch-invoices",
  expireIdentityDocuments: "expire-identity-documents",
  purgeIdentityFiles: "purge-identity-files",
  dailyFigures: "daily-figures",
} as const;
export type JobName = (typeof JOBS)[keyof typeof JOBS];

/**
 * Scheduled work is "stately": at most one run waiting and one running, across every server, so
 * a slow run never piles up copies behind it. A job that throws (the database was away, say) is
 * tried again a few times; the next scheduled run comes anyway.
 */
const SCHEDULED: PgBoss.Queue["policy"] = "stately";
export const QUEUE_OPTIONS: Record<JobName, Omit<PgBoss.Queue, "name">> = {
  // A mail job retries itself on the app's schedule (deliver-mail.ts); pg-boss's own retries are for
  // a job whose process died (it expires after the five-minute lease) or whose database call failed.
  [JOBS.sendMail]: { policy: "standard", retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  [JOBS.mailSweep]: { policy: SCHEDULED, retryLimit: 2, retryDelay: 10, expireInSeconds: 10 * 60 },
  [JOBS.settleDue]: { policy: SCHEDULED, retryLimit: 2, retryDelay: 10, expireInSeconds: 15 * 60 },
  [JOBS.expireDeposits]: { policy: SCHEDULED, retryLimit: 2, retryDelay: 10, expireInSeconds: 5 * 60 },
  [JOBS.maturityReminders]: { policy: SCHEDULED, retryLimit: 2, retryDelay: 10, expireInSeconds: 15 * 60 },
  // A batch that fails is rolled back whole; a retry (or a later run) goes on with the users not yet claimed.
  [JOBS.statementNotices]: { policy: SCHEDULED, retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 60 * 60 },
  [JOBS.ledgerCheck]: { policy: SCHEDULED, retryLimit: 2, retryDelay: 60, expireInSeconds: 60 * 60 },
  [JOBS.auditCheck]: { policy: SCHEDULED, retryLimit: 2, retryDelay: 60, expireInSeconds: 60 * 60 },
  [JOBS.auditSignInFailures]: { policy: SCHEDULED, retryLimit: 2, retryDelay: 10, expireInSeconds: 5 * 60 },
  // Not cron: every server enqueues one run per BITCOIN_POLL_SECONDS (start-jobs.ts); a failed run
  // is not retried, the next poll is the retry.
  [JOBS.watchInvoices]: { policy: "standard", retryLimit: 0, expireInSeconds: 5 * 60 },
  // Both work in batches, each its own transaction that claims what it changes: a retry goes on with the rest.
  [JOBS.expireIdentityDocuments]: { policy: SCHEDULED, retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
  [JOBS.purgeIdentityFiles]: { policy: SCHEDULED, retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
  // One transaction: a failed run leaves nothing written, and the retry (or the next hour) sums the same days.
  [JOBS.dailyFigures]: { policy: SCHEDULED, retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
};

/** Cron lines (database time, UTC); each fires once across all servers. */
export const SCHEDULES: Partial<Record<JobName, string>> = {
  [JOBS.settleDue]: "* * * * *",
  [JOBS.mailSweep]: "* * * * *",
  [JOBS.expireDeposits]: "*/10 * * * *",
  [JOBS.maturityReminders]: "*/10 * * * *",
  // 00:30 UTC on the 1st: the month just ended is complete, and its statements can be downloaded.
  [JOBS.statementNotices]: "30 0 1 * *",
  // Every ten minutes, each run reading what changed since the last (run-ledger-check.ts).
  [JOBS.ledgerCheck]: "*/10 * * * *",
  [JOBS.auditCheck]: "47 3 * * *",
  [JOBS.auditSignInFailures]: "*/5 * * * *",
  // Just after the UTC day turns: a document valid until yesterday is expired today.
  [JOBS.expireIdentityDocuments]: "10 0 * * *",
  [JOBS.purgeIdentityFiles]: "40 3 * * *",
  // Ten past every hour: at 00:10 the day before is complete (DAY_COMPLETE_AFTER_MS); the other runs
  // find nothing missing unless a run was missed (servers down), and then fill every gap.
  [JOBS.dailyFigures]: "10 * * * *",
};
