import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { createPath, type Navigator, type To } from "react-router";
import { readBootstrap, readPageData } from "#web/lib/embedded.js";
import { islandPageAt } from "#web/routes/public-pages.js";
import { IslandRoot, ISLAND_ID_PREFIX } from "./island-root.js";

/**
 * Every navigation from an island is a full page load: the page it leads to is pre-rendered (or
 * the dashboard's own app). Navigation state (where a sign-in should return to, the address a
 * sign-up used) rides in history.state as React Router keeps it, so the next page reads it.
 */
function go(to: To, state: unknown, replace: boolean) {
  const href = typeof to === "string" ? to : createPath(to);
  if (state === undefined || state === null) return replace ? window.location.replace(href) : window.location.assign(href);
  window.history[replace ? "replaceState" : "pushState"]({ usr: state, key: "island", idx: 0 }, "", href);
  window.location.reload();
}

const FULL_PAGE_LOADS: Navigator = {
  createHref: (to) => (typeof to === "string" ? to : createPath(to)),
  go: (delta) => window.history.go(delta),
  push: (to, state) => go(to, state, false),
  replace: (to, state) => go(to, state, true),
};

/** Hydrates the form island of this public page (web/public-entry.ts finds it). */
export async function hydrateIsland(element: Element): Promise<void> {
  const Page = islandPageAt(window.location.pathname);
  if (!Page) throw new Error(`No island is declared for ${window.location.pathname}`);
  await Page.preload();
  const { pathname, search, hash } = window.location;
  const location = { pathname, search, hash, state: (window.history.state as { usr?: unknown } | null)?.usr ?? null };
  const island = <IslandRoot bootstrap={readBootstrap()} pageData={readPageData()} location={location} navigator={FULL_PAGE_LOADS} Page={Page} />;
  // A transition: React hydrates in short slices, so input is never blocked for long.
  startTransition(() => void hydrateRoot(element, island, { identifierPrefix: ISLAND_ID_PREFIX }));
}
