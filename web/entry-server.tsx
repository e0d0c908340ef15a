import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { Bootstrap, RenderResult } from "../shared/site.js";
import { App, AppProviders, createQueryClient } from "./app.js";
import { NOT_FOUND_META, documentTitle, metaFor } from "./routes/meta.js";

export { PRERENDER_ROUTES } from "./routes/meta.js";
export const NOT_FOUND_ROUTE = "/__not-found";

/** Renders one public route to HTML for the server to cache at start. */
export function render(url: string, bootstrap: Bootstrap): RenderResult {
  const html = renderToString(
    <StrictMode>
      <AppProviders bootstrap={bootstrap} queryClient={createQueryClient()}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  const meta = url === NOT_FOUND_ROUTE ? NOT_FOUND_META : metaFor(url);
  return { html, status: url === NOT_FOUND_ROUTE ? 404 : 200, title: documentTitle(meta, bootstrap.site.name), description: meta.description };
}
