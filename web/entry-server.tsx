import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { parsePath, StaticRouter, type Navigator } from "react-router";
import type { ContentPage } from "#shared/content.js";
import type { Bootstrap, RenderResult } from "#shared/site.js";
import { PublicApp } from "./app.js";
import { IslandRoot, ISLAND_ID_PREFIX, ISLAND_SLOT } from "./islands/island-root.js";
import { AppProviders } from "./lib/app-providers.js";
import { NOT_FOUND_META, documentTitle, metaFor } from "./routes/meta.js";
import { islandPageAt, preloadAllPages } from "./routes/public-pages.js";

export { PRERENDER_ROUTES } from "./routes/meta.js";
export const NOT_FOUND_ROUTE = "/__not-found";

/** Loads every lazily split page so `render` never suspends. Await once before rendering. */
export const prepare = preloadAllPages;

/** The server render navigates nowhere. */
const NOWHERE: Navigator = { createHref: (to) => (typeof to === "string" ? to : `${to.pathname ?? ""}${to.search ?? ""}`), go: () => undefined, push: () => undefined, replace: () => undefined };

/**
 * Renders one public route to HTML for the server to cache at start. An island page's form is
 * rendered as a tree of its own (the one web/islands/hydrate-island.tsx hydrates) into its slot.
 */
export function render(url: string, bootstrap: Bootstrap, pageData: ContentPage | null = null): RenderResult {
  let html = renderToString(
    <StrictMode>
      <AppProviders bootstrap={bootstrap} pageData={pageData}>
        <StaticRouter location={url}>
          <PublicApp />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  const Page = islandPageAt(parsePath(url).pathname ?? url);
  if (Page) {
    const location = { pathname: url, search: "", hash: "", state: null };
    const island = renderToString(<IslandRoot bootstrap={bootstrap} pageData={pageData} location={location} navigator={NOWHERE} Page={Page} />, { identifierPrefix: ISLAND_ID_PREFIX });
    html = html.replace(ISLAND_SLOT, ISLAND_SLOT.replace("></", `>${island}</`));
  }
  const meta = pageData ? { title: pageData.title, description: pageData.description } : url === NOT_FOUND_ROUTE ? NOT_FOUND_META : metaFor(url);
  return { html, status: url === NOT_FOUND_ROUTE ? 404 : 200, title: documentTitle(meta, bootstrap.site.name), description: meta.description };
}
