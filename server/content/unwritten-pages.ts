import type { Logger } from "../logger.js";
import type { SiteContent } from "./load-content.js";

/**
 * In production, one error per operator page that is not written (or is still the example text
 * shipped with the software): the site still starts (visitors are told plainly the page is
 * missing), but the operator's logs and alerts say what to write, and whether investing waits for it.
 */
export function reportUnwrittenPages(content: Pick<SiteContent, "unwritten" | "missingBeforeInvesting">, isProduction: boolean, logger: Logger): void {
  if (!isProduction) return;
  for (const file of content.unwritten) {
    logger.error(
      { file },
      `${file} is not published (missing, or still the example text): visitors are told so. Write it, with "version" and "updated" front matter and no "example: true", and restart.`,
    );
  }
  if (content.missingBeforeInvesting.length > 0) {
    logger.error({ missing: content.missingBeforeInvesting }, "investing is refused until the operator publishes its terms, risk disclosure and how returns work");
  }
}
