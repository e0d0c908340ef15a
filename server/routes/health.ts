import { Hono } from "hono";
import type { DatabaseHandle } from "../db/client.js";
import { migrationStatus, readMigrationJournal } from "../db/migration-status.js";

export function healthRoutes(database: DatabaseHandle) {
  // Read once: the journal is part of the build, and a running server's build does not change.
  const journal = readMigrationJournal();
  return new Hono()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get("/readyz", async (c) => {
      let status;
      try {
        // One query: it proves the database answers, and that this build's schema is in place.
        status = await migrationStatus(database.db, journal);
      } catch {
        return c.json({ status: "unavailable", database: database.kind, reason: "The database is not answering." }, 503);
      }
      const migrations = { applied: status.applied, expected: status.expected };
      if (!status.current) return c.json({ status: "unavailable", database: database.kind, reason: status.reason, migrations }, 503);
      return c.json({ status: "ready", database: database.kind, migrations });
    });
}
