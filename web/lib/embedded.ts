import type { ContentPage } from "#shared/content.js";
import type { Bootstrap } from "#shared/site.js";

/*
 * What the server embeds beside a page's HTML (server/http/pages.ts), read without React so the
 * public pages' plain scripts can use it as well as the React entries.
 */

/** The operator's settings and plans, the same the page was rendered with. */
export function readBootstrap(): Bootstrap {
  const element = document.getElementById("bootstrap");
  return JSON.parse(element?.textContent || "{}") as Bootstrap;
}

/** Data for the one page the server rendered (a blog post, a legal page), or null. */
export function readPageData(): ContentPage | null {
  const element = document.getElementById("page-data");
  return element?.textContent ? (JSON.parse(element.textContent) as ContentPage | null) : null;
}

/** Marks the document once its script owns it; browser tests wait for it before typing into forms. */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = "true";
}
