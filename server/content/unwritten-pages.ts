import type { Logger } from "../logger.js";
import type { SiteContent } from "./load-content.js";

/**
 * In production, one error per operator page that is not written: the site still starts (visitors
 * are told plainly the page is missing), but the operator's logs and alerts say what to write.
 */
export function reportUnwrittenPages(content: Pick<SiteContent, "unwritten">, isProduction: boolean, logger: Logger): void {
  if (!isProduction) return;
  for (const file of content.unwritten) {
    logger.error({ file }, `${file} is missing: visitors are told this page is not published yet. Write it, with "version" and "updated" front matter, and restart.`);
  }
}
