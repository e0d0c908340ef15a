import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { ContentPage } from "#shared/content.js";
import type { Bootstrap, RenderResult } from "#shared/site.js";
import { App, AppProviders } from "./app.js";
import { NOT_FOUND_META, documentTitle, metaFor } from "./routes/meta.js";
import { preloadAllPages } from "./routes/public-pages.js";

export { PRERENDER_ROUTES } from "./routes/meta.js";
export const NOT_FOUND_ROUTE = "/__not-found";

/** Loads every lazily split page so `render` never suspends. Await once before rendering. */
export const prepare = preloadAllPages;

/** Renders one public route to HTML for the server to cache at start. */
export function render(url: string, bootstrap: Bootstrap, pageData: ContentPage | null = null): RenderResult {
  const html = renderToString(
    <StrictMode>
      <AppProviders bootstrap={bootstrap} pageData={pageData}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  const meta = pageData ? { title: pageData.title, description: pageData.description } : url === NOT_FOUND_ROUTE ? NOT_FOUND_META : metaFor(url);
  return { html, status: url === NOT_FOUND_ROUTE ? 404 : 200, title: documentTitle(meta, bootstrap.site.name), description: meta.description };
}
