import type { Logger } from "../logger.js";
import type { Bootstrap } from "#shared/site.js";
import type { Pages } from "./pages.js";

/**
 * How long a server shows its pre-rendered pages before it reads the plans they show again. A plan
 * edited through this server renders its pages at once (server/routes/admin.ts); one edited through
 * another server of a multi-server setup reaches these pages within this time.
 */
export const PAGES_RECHECK_MS = 4_000;

/**
 * The longest a page request waits for that read. Pages never needed the database: while it is slow
 * or away they are still served, from memory, and the read goes on until it answers or fails.
 */
export const PAGES_RECHECK_WAIT_MS = 1_000;

export interface RecheckOptions {
  everyMs?: number;
  waitMs?: number;
  now?: () => number;
}

/**
 * Keeps the pages' plans current on every server (decision 0043). The returned check answers
 * `undefined` while the pages were checked within `everyMs`, so a page request pays nothing;
 * otherwise a promise, shared by every request that comes while the check runs, that settles when
 * the bootstrap was read (one prepared statement) and the pages rendered again if the plans changed,
 * or after `waitMs`, whichever comes first. It never rejects: when the read or the render fails the
 * pages stay as they are, a warning is logged, and the next check comes `everyMs` later.
 */
export function pagesRecheck(
  pages: Pick<Pages, "refresh">,
  read: () => Promise<Bootstrap>,
  logger: Logger,
  { everyMs = PAGES_RECHECK_MS, waitMs = PAGES_RECHECK_WAIT_MS, now = Date.now }: RecheckOptions = {},
): () => Promise<void> | undefined {
  let checkedAt = now();
  let waiting: Promise<void> | undefined;
  const check = async () => {
    try {
      if (await pages.refresh(await read())) logger.info("plans changed: public pages rendered again");
    } catch (error) {
      logger.warn({ err: error }, "could not read the plans or render the pages; the public pages stay as they are");
    }
  };
  return () => {
    if (waiting) return waiting;
    if (now() - checkedAt < everyMs) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const checked = check().finally(() => {
      clearTimeout(timer);
      checkedAt = now();
      waiting = undefined;
    });
    waiting = Promise.race([checked, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    return waiting;
  };
}
