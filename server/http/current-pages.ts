import type { Logger } from "../logger.js";
import type { Bootstrap } from "#shared/site.js";
import type { Pages } from "./pages.js";

/**
 * How long a server shows its pre-rendered pages before it reads the plans they show again. A plan
 * edited through this server renders its pages at once (server/routes/admin.ts); one edited through
 * another server of a multi-server setup reaches these pages within this time, as a revoked session
 * reaches a read (server/http/session-cache.ts).
 */
export const PAGES_RECHECK_MS = 4_000;

/**
 * Keeps the pages' plans current on every server (decision 0043). The returned check answers
 * `undefined` while the pages were checked within `everyMs`, so a page request pays nothing;
 * otherwise a promise, shared by every request that comes while it runs, that reads the bootstrap
 * (one prepared statement) and renders the pages again if the plans changed. When the read fails
 * the pages stay as they are, and the next check comes `everyMs` later.
 */
export function pagesRecheck(
  pages: Pick<Pages, "refresh">,
  read: () => Promise<Bootstrap>,
  logger: Logger,
  everyMs = PAGES_RECHECK_MS,
  now: () => number = Date.now,
): () => Promise<void> | undefined {
  let checkedAt = now();
  let running: Promise<void> | undefined;
  return () => {
    if (running || now() - checkedAt < everyMs) return running;
    running = read()
      .then(
        (bootstrap) => {
          if (pages.refresh(bootstrap)) logger.info("plans changed: public pages rendered again");
        },
        (error: unknown) => logger.warn({ err: error }, "could not read the plans; the public pages stay as they are"),
      )
      .finally(() => {
        checkedAt = now();
        running = undefined;
      });
    return running;
  };
}
